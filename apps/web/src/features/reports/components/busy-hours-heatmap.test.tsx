// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/render';
import { BusyHoursHeatmap, cellColours, heatmapHours, weekdayNames } from './busy-hours-heatmap';

beforeAll(() => initTestI18n());

/** WCAG contrast of two colours written `#rrggbb` or `rgb(r, g, b)`. */
const contrast = (a: string, b: string) => {
  const lum = (color: string) => {
    const channels = color.startsWith('#')
      ? [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
      : (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    const [r, g, bl] = channels.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('BusyHoursHeatmap', () => {
  it('draws the weekdays by the hours from the first to the last with bookings, each cell named with its count', () => {
    render(
      <BusyHoursHeatmap
        caption="Bookings by weekday and hour"
        cells={[
          { weekday: 1, hour: 10, bookings: 12 },
          { weekday: 1, hour: 12, bookings: 3 },
          { weekday: 7, hour: 9, bookings: 1 },
        ]}
      />,
    );
    const figure = screen.getByTestId('heatmap');
    expect(figure.querySelector('figcaption')?.textContent).toBe('Bookings by weekday and hour');
    // Hours 9 to 12: four columns, seven rows.
    const cells = screen.getAllByTestId('heatmap-cell');
    expect(cells).toHaveLength(7 * 4);
    expect(screen.getByRole('img', { name: 'Monday 10:00: 12 bookings' }).textContent).toBe('12');
    expect(screen.getByRole('img', { name: 'Monday 12:00: 3 bookings' }).textContent).toBe('3');
    expect(screen.getByRole('img', { name: 'Sunday 09:00: 1 booking' }).textContent).toBe('1');
    const empty = screen.getByRole('img', { name: 'Wednesday 11:00: 0 bookings' });
    expect(empty.textContent).toBe('');
    // The busiest cell is the darkest.
    const shade = (name: string) => {
      const [r, g, b] = (screen.getByRole('img', { name }).style.background.match(/\d+/g) ?? []).map(Number);
      return (r ?? 0) + (g ?? 0) + (b ?? 0);
    };
    expect(shade('Monday 10:00: 12 bookings')).toBeLessThan(shade('Monday 12:00: 3 bookings'));
    expect(shade('Monday 12:00: 3 bookings')).toBeLessThan(shade('Sunday 09:00: 1 booking'));
    // Scrolls sideways in a region the keyboard reaches, named as the grid.
    const region = screen.getByRole('region', { name: 'Bookings by weekday and hour' });
    expect(region.tabIndex).toBe(0);
  });

  it('shows the whole day when there are no bookings', () => {
    render(<BusyHoursHeatmap caption="Busiest hours" cells={[]} />);
    expect(screen.getAllByTestId('heatmap-cell')).toHaveLength(7 * 24);
    expect(screen.getByRole('img', { name: 'Friday 23:00: 0 bookings' })).toBeTruthy();
  });
});

describe('heat map helpers', () => {
  it('spans the hours with bookings, or 0–23', () => {
    expect(
      heatmapHours([
        { weekday: 2, hour: 18, bookings: 1 },
        { weekday: 3, hour: 8, bookings: 4 },
      ]),
    ).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(heatmapHours([])).toHaveLength(24);
  });

  it('names the weekdays from Monday in the language', () => {
    expect(weekdayNames('en').long).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('es').long[0]).toBe('Lunes');
  });

  it('writes each shade’s count in black or white, whichever reads at 4.5:1 at least', () => {
    for (const primary of ['#1677ff', '#fa8c16', '#722ed1', '#52c41a'])
      for (const share of [0.05, 0.3, 0.5, 0.7, 0.9, 1]) {
        const { background, color } = cellColours(share, primary, '#ffffff');
        expect(contrast(background, color)).toBeGreaterThanOrEqual(4.5);
      }
    const dark = cellColours(1, '#1677ff', '#141414');
    expect(contrast(dark.background, dark.color)).toBeGreaterThanOrEqual(4.5);
  });
});
