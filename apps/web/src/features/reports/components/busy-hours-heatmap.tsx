import type { BookingsReport } from '@mostrador/contract';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportScroll } from '../../../components/report-parts';

type Cell = BookingsReport['heatmap'][number];

/** 1 Monday … 7 Sunday in the interface language, long and short ("Monday", "Mon"). */
export function weekdayNames(language: string): { long: string[]; short: string[] } {
  const names = (weekday: 'long' | 'short') => {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(language, { weekday, timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('es-ES', { weekday, timeZone: 'UTC' });
    }
    // 1 January 2024 was a Monday.
    return Array.from({ length: 7 }, (_, index) => {
      const name = format.format(new Date(Date.UTC(2024, 0, 1 + index)));
      return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
    });
  };
  return { long: names('long'), short: names('short') };
}

/** The hours the grid shows: from the first to the last hour with bookings, else the whole day. */
export function heatmapHours(cells: Cell[]): number[] {
  const hours = cells.filter((c) => c.bookings > 0).map((c) => c.hour);
  const first = hours.length ? Math.min(...hours) : 0;
  const last = hours.length ? Math.max(...hours) : 23;
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

function rgbOf(color: string): [number, number, number] | null {
  const hex = color.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = color.match(/rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/**
 * A cell's colours: the primary colour over the card's background, the more opaque the more bookings
 * (`share` of the busiest cell's count), and black or white text, whichever reads better on it.
 */
export function cellColours(share: number, primary: string, background: string) {
  const fg = rgbOf(primary) ?? [22, 119, 255];
  const bg = rgbOf(background) ?? [255, 255, 255];
  const alpha = share <= 0 ? 0 : 0.12 + 0.88 * Math.min(share, 1);
  const mixed = fg.map((v, i) => Math.round(v * alpha + (bg[i] as number) * (1 - alpha))) as [
    number,
    number,
    number,
  ];
  const l = luminance(mixed);
  const text = (1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000') as string;
  return { background: `rgb(${mixed.join(', ')})`, color: text };
}

/**
 * The busiest hours: a grid of the weekdays (rows) by the hours bookings start at (columns), each cell
 * coloured by its count and showing it, named for assistive technology ("Monday 10:00: 12 bookings");
 * wider than a phone, it scrolls sideways inside its region.
 */
export function BusyHoursHeatmap({ cells, caption }: { cells: Cell[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const days = weekdayNames(i18n.language);
  const hours = heatmapHours(cells);
  const counts = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.bookings]));
  const max = Math.max(0, ...cells.map((c) => c.bookings));
  const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const cellSize = 36;

  return (
    <figure style={{ margin: 0 }} data-testid="heatmap">
      <figcaption>
        <Typography.Text type="secondary">{caption}</Typography.Text>
      </figcaption>
      <ReportScroll label={caption} testId="heatmap-scroll">
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `auto repeat(${hours.length}, minmax(${cellSize}px, 1fr))`,
            gap: 2,
            paddingBlock: 8,
            minWidth: 'min-content',
          }}
          data-testid="heatmap-grid"
        >
          <span aria-hidden />
          {hours.map((hour) => (
            <Typography.Text
              key={hour}
              type="secondary"
              aria-hidden
              style={{ fontSize: token.fontSizeSM, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
            >
              {String(hour).padStart(2, '0')}
            </Typography.Text>
          ))}
          {days.long.map((day, index) => {
            const weekday = index + 1;
            return [
              <Typography.Text
                key={`day-${weekday}`}
                aria-hidden
                style={{ paddingInlineEnd: 8, alignSelf: 'center', whiteSpace: 'nowrap' }}
              >
                {days.short[index]}
              </Typography.Text>,
              ...hours.map((hour) => {
                const count = counts.get(`${weekday}-${hour}`) ?? 0;
                const colours = cellColours(
                  max ? count / max : 0,
                  token.colorPrimary,
                  token.colorBgContainer,
                );
                const label = t('reports.bookings.heatmap.cell', { day, hour: hourText(hour), count });
                return (
                  <div
                    key={`${weekday}-${hour}`}
                    role="img"
                    aria-label={label}
                    title={label}
                    data-testid="heatmap-cell"
                    data-count={count}
                    style={{
                      height: cellSize,
                      borderRadius: token.borderRadiusSM,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      fontSize: token.fontSizeSM,
                      fontVariantNumeric: 'tabular-nums',
                      ...(count
                        ? colours
                        : { background: token.colorFillQuaternary, color: token.colorTextTertiary }),
                    }}
                  >
                    {count ? count : ''}
                  </div>
                );
              }),
            ];
          })}
        </div>
      </ReportScroll>
      <Flex align="center" gap={8} aria-hidden style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('reports.bookings.heatmap.fewer')}
        </Typography.Text>
        {[0.25, 0.5, 0.75, 1].map((share) => (
          <span
            key={share}
            style={{
              width: 16,
              height: 16,
              borderRadius: token.borderRadiusSM,
              background: cellColours(share, token.colorPrimary, token.colorBgContainer).background,
            }}
          />
        ))}
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('reports.bookings.heatmap.more')}
        </Typography.Text>
      </Flex>
    </figure>
  );
}
