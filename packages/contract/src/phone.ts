/** The spec's phone rule: a plus sign followed by 11 digits, e.g. +34600123456. */
export const phonePattern = /^\+\d{11}$/;
export function isPhone(value: string): boolean {
  return phonePattern.test(value);
}
