import { describe, expect, it } from 'vitest';
import { defaultTheme, toThemeConfig } from './theme';

/** WCAG's contrast ratio of a #rrggbb colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

describe('theme', () => {
  it('keeps white text on the primary colour readable (WCAG AA), also under the pointer', () => {
    const token = toThemeConfig(defaultTheme).token!;
    expect(contrastWithWhite(token.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
    expect(token.colorPrimaryHover).toBe('#003eb3');
    expect(contrastWithWhite(token.colorPrimaryHover!)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives Descriptions labels the secondary text colour, readable in light and dark', () => {
    expect(toThemeConfig(defaultTheme).components?.Descriptions?.labelColor).toBe('rgba(0, 0, 0, 0.65)');
    expect(
      toThemeConfig({ mode: 'dark', primaryColor: '#0958d9' }).components?.Descriptions?.labelColor,
    ).toBe('rgba(255, 255, 255, 0.65)');
  });

  it('turns antd’s motion off when the device asks for less motion', () => {
    expect(toThemeConfig(defaultTheme, false).token?.motion).toBe(true);
    expect(toThemeConfig(defaultTheme, true).token?.motion).toBe(false);
  });

  it('leaves the dark theme to antd', () => {
    expect(toThemeConfig({ mode: 'dark', primaryColor: '#0958d9' }).token?.colorPrimaryHover).toBeUndefined();
  });
});
