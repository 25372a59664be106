/** Place-minutes as place-hours, in Spanish formatting with at most one decimal (1.234,5). */
export function placeHours(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}
