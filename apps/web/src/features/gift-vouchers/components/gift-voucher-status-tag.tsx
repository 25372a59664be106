import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { GiftVoucherStatus } from '@mostrador/contract';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../../components/palette-tag';

const looks: Record<GiftVoucherStatus, { palette: 'green' | 'gold' | 'red'; icon: ComponentType }> = {
  active: { palette: 'green', icon: CheckCircleOutlined },
  exhausted: { palette: 'gold', icon: StopOutlined },
  expired: { palette: 'red', icon: ClockCircleOutlined },
};

/** A voucher's status as a coloured tag (PaletteTag: readable contrast) with its translated label. */
export function GiftVoucherStatusTag({ status }: { status: GiftVoucherStatus }) {
  const { t } = useTranslation();
  const { palette, icon: Icon } = looks[status];
  return (
    <PaletteTag
      palette={palette}
      icon={<Icon aria-hidden />}
      testId="gift-voucher-status"
      dataStatus={status}
    >
      {t(`giftVouchers.status.${status}`)}
    </PaletteTag>
  );
}
