import type { SecretBox } from './secrets.js';

/**
 * A booking's code: what its QR carries and what its customer link ends with (`PUBLIC_URL/b/<code>`).
 * `B1.<licenseId>.<bookingId>.<signature>`, signed with the server's secret (SecretBox.sign), so it is
 * recognised without being stored and cannot be made up for another booking or another company.
 */
const signatureLength = 22;
const codePattern = /^B1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/;

const message = (licenseId: number, bookingId: number) => `booking:${licenseId}:${bookingId}`;

export function bookingCode(box: SecretBox, licenseId: number, bookingId: number): string {
  const signature = box.sign(message(licenseId, bookingId)).slice(0, signatureLength);
  return `B1.${licenseId}.${bookingId}.${signature}`;
}

/** The customer's link to see, move or cancel the booking. */
export function bookingLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/b/${code}`;
}

/**
 * The booking a scanned or typed text names: a bare code or a link ending in one. Null when it is no
 * booking code or its signature does not hold (a made-up or altered code).
 */
export function readBookingCode(
  box: SecretBox,
  text: string,
): { licenseId: number; bookingId: number } | null {
  const trimmed = text.trim();
  const code = trimmed.includes('/') ? (trimmed.split('?', 1)[0]!.split('/').pop() ?? '') : trimmed;
  const match = codePattern.exec(code);
  if (!match) return null;
  const licenseId = Number(match[1]);
  const bookingId = Number(match[2]);
  if (licenseId > 2_147_483_647 || bookingId > 2_147_483_647) return null;
  return box.verify(message(licenseId, bookingId), match[3]!) ? { licenseId, bookingId } : null;
}
