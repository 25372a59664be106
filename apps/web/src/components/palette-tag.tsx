import { type GlobalToken, Tag, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export type Palette = 'green' | 'gold' | 'purple' | 'magenta' | 'blue' | 'red' | 'orange' | 'cyan';

/**
 * A tag in one of antd's palettes with the palette's darkest text on its lightest background: the preset
 * colour tags write in the 6th shade, too light to read on the 1st (axe's colour contrast). The dark theme
 * inverts the palettes, so it reads there too.
 */
export function PaletteTag({
  palette,
  icon,
  children,
  testId,
  dataStatus,
  style: extra,
}: {
  palette: Palette | undefined;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The status it shows, as `data-status` (what tests and styles select on). */
  dataStatus?: string;
  /** More style (layout), beside the palette's colours. */
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const shade = (n: number) => token[`${palette}${n}` as keyof GlobalToken] as string;
  const style = palette
    ? { color: shade(9), background: shade(1), borderColor: shade(3), marginInlineEnd: 0 }
    : { marginInlineEnd: 0 };
  return (
    <Tag icon={icon} style={{ ...style, ...extra }} data-testid={testId} data-status={dataStatus}>
      {children}
    </Tag>
  );
}
