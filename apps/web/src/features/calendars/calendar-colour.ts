/**
 * The palette a calendar without a colour of its own takes by its id, and the form's presets: colours told
 * apart at a glance, each readable with white text (WCAG AA).
 */
export const calendarPalette = [
  '#0958d9',
  '#08797d',
  '#9e1068',
  '#ad4e00',
  '#531dab',
  '#3f6600',
  '#a8071a',
  '#434343',
] as const;

/** A calendar's colour: its own, or the palette's by its id (the same for every user, every day). */
export function calendarColour(calendar: { id: number; color?: string | null }): string {
  return calendar.color ?? (calendarPalette[calendar.id % calendarPalette.length] as string);
}

/** White or near-black, whichever reads better on `hex` (`#rrggbb`), by its relative luminance. */
export function textColourOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // White wins while its contrast (1.05 / (L + 0.05)) beats black's ((L + 0.05) / 0.05).
  return luminance > 0.179 ? 'rgba(0, 0, 0, 0.88)' : '#ffffff';
}
