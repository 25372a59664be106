import { RollbackOutlined } from '@ant-design/icons';
import type { OrderStatus } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { type Palette, PaletteTag } from '../../../components/palette-tag';

const palettes: Record<OrderStatus, Palette | undefined> = {
  draft: undefined,
  awaiting_payment: 'gold',
  paid: 'green',
  refunded: 'purple',
};

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
