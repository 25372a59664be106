import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { BookingStatus } from '@mostrador/contract';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { type Palette, PaletteTag } from '../../../components/palette-tag';

const looks: Record<BookingStatus, { palette: Palette; icon: ComponentType }> = {
  confirmed: { palette: 'green', icon: CheckCircleOutlined },
  cancelled: { palette: 'red', icon: StopOutlined },
};

/** A booking's status as a coloured tag (PaletteTag: readable contrast) with its translated label. */
export function BookingStatusTag({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  const { palette, icon: Icon } = looks[status];
  return (
    <PaletteTag palette={palette} icon={<Icon aria-hidden />} testId="booking-status" dataStatus={status}>
      {t(`bookings.statuses.${status}`)}
    </PaletteTag>
  );
}
