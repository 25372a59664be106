import { RollbackOutlined } from '@ant-design/icons';
import type { OrderStatus } from '@mostrador/contract';
import { type GlobalToken, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Palette = 'green' | 'gold' | 'purple' | 'magenta' | 'blue' | 'red';

const palettes: Record<OrderStatus, Palette | undefined> = {
  draft: undefined,
  awaiting_payment: 'gold',
  paid: 'green',
  refunded: 'purple',
};

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
}: {
  palette: Palette | undefined;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const shade = (n: number) => token[`${palette}${n}` as keyof GlobalToken] as string;
  const style = palette
    ? { color: shade(9), background: shade(1), borderColor: shade(3), marginInlineEnd: 0 }
    : { marginInlineEnd: 0 };
  return (
    <Tag icon={icon} style={style} data-testid={testId}>
      {children}
    </Tag>
  );
}

/**
 * An order's status as a coloured tag with its translated label. A refund (`originalOrderId` set) has a
 * label and colour of its own, whatever its stored status: it is never shown as "paid".
 */
export function OrderStatusTag({
  status,
  originalOrderId = null,
}: {
  status: OrderStatus;
  originalOrderId?: number | null;
}) {
  const { t } = useTranslation();
  if (originalOrderId !== null)
    return (
      <PaletteTag palette="magenta" icon={<RollbackOutlined aria-hidden />} testId="order-refund-tag">
        {t('orders.status.refund')}
      </PaletteTag>
    );
  return (
    <PaletteTag palette={palettes[status]} testId="order-status-tag">
      {t(`orders.status.${status}`)}
    </PaletteTag>
  );
}
