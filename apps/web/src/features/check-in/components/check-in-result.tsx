import {
  CheckCircleFilled,
  CheckOutlined,
  ClockCircleOutlined,
  GiftOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { CheckInBooking, CheckInGiftVoucher } from '@mostrador/contract';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { type Palette, PaletteTag } from '../../../components/palette-tag';
import { dayjs } from '../../../lib/dayjs';
import { formatDate, formatNumber, formatTime } from '../../../lib/format';
import { BookingStatusTag } from '../../bookings/components/booking-status-tag';
import { errorCodeOf } from '../check-in-errors';

/** A booking's attendance as a tag: attended, did not come, not marked yet. */
function AttendanceTag({ attended }: { attended: boolean | null }) {
  const { t } = useTranslation();
  const look: { palette: Palette; key: string } =
    attended === true
      ? { palette: 'green', key: 'attended' }
      : attended === false
        ? { palette: 'orange', key: 'unattended' }
        : { palette: 'blue', key: 'unmarked' };
  return (
    <PaletteTag palette={look.palette} testId="check-in-attendance" dataStatus={look.key}>
      {t(`checkIn.booking.${look.key}`)}
    </PaletteTag>
  );
}

/**
 * The booking scanned: who, what, when and where, its status and attendance; a big "Mark attended" when
 * it may be marked, else why not (cancelled, marked already, no permission). Another day's booking says so.
 */
export function BookingResult({
  booking,
  timeZone,
  canAttend,
  attending,
  justMarked,
  onAttend,
}: {
  booking: CheckInBooking;
  timeZone: string;
  canAttend: boolean;
  attending: boolean;
  justMarked: boolean;
  onAttend: () => void;
}) {
  const { t } = useTranslation();
  const today = dayjs().tz(timeZone).format('YYYY-MM-DD');
  const day = dayjs(booking.startsAt).tz(timeZone).format('YYYY-MM-DD');
  const time = `${formatTime(booking.startsAt, timeZone)}–${formatTime(booking.endsAt, timeZone)}`;
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>{t('checkIn.booking.title', { id: booking.id })}</span>
          <BookingStatusTag status={booking.status} />
          <AttendanceTag attended={booking.attended} />
        </Flex>
      }
      data-testid="check-in-booking"
    >
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 22 }} data-testid="check-in-customer">
        {booking.customer.name || `#${booking.customer.id}`}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 120 } }}
        items={[
          {
            key: 'when',
            label: t('checkIn.booking.when'),
            children: (
              <strong>
                {formatDate(booking.startsAt, timeZone)} · {time}
              </strong>
            ),
          },
          { key: 'product', label: t('checkIn.booking.product'), children: booking.product.name },
          { key: 'calendar', label: t('checkIn.booking.calendar'), children: booking.calendar.name },
          {
            key: 'places',
            label: t('checkIn.booking.places'),
            children: formatNumber(booking.quantity),
          },
          ...(booking.customer.phone
            ? [{ key: 'phone', label: t('checkIn.booking.phone'), children: booking.customer.phone }]
            : []),
          ...(booking.customer.email
            ? [{ key: 'email', label: t('checkIn.booking.email'), children: booking.customer.email }]
            : []),
        ]}
      />
      {day !== today && booking.status === 'confirmed' && !justMarked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={t('checkIn.booking.notToday', { date: formatDate(booking.startsAt, timeZone) })}
          data-testid="check-in-not-today"
        />
      )}
      <div style={{ marginTop: 16 }}>
        {justMarked ? (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            title={t('checkIn.booking.marked')}
            data-testid="check-in-marked"
          />
        ) : booking.refusal ? (
          <Alert
            type={booking.refusal === 'bookingAlreadyAttended' ? 'info' : 'error'}
            showIcon
            title={t(`errors.${errorCodeOf(booking.refusal)}`)}
            data-testid="check-in-refusal"
          />
        ) : canAttend ? (
          <Button
            type="primary"
            size="large"
            block
            icon={<CheckOutlined aria-hidden />}
            loading={attending}
            onClick={onAttend}
            style={{ height: 56, fontSize: 18 }}
            data-testid="check-in-attend"
          >
            {t('checkIn.booking.markAttended')}
          </Button>
        ) : (
          <Alert type="info" showIcon title={t('checkIn.booking.noPermission')} />
        )}
      </div>
    </Card>
  );
}

const voucherLooks: Record<CheckInGiftVoucher['status'], { palette: Palette; icon: ComponentType }> = {
  active: { palette: 'green', icon: CheckOutlined },
  exhausted: { palette: 'gold', icon: StopOutlined },
  expired: { palette: 'red', icon: ClockCircleOutlined },
  cancelled: { palette: 'red', icon: StopOutlined },
};

/**
 * The gift voucher scanned: its code, product, bookings left, expiry and buyer; "Book with this voucher"
 * (the new-booking form with its code filled) when it can pay a booking now, else why not.
 */
export function GiftVoucherResult({
  voucher,
  timeZone,
  canBook,
  onBook,
}: {
  voucher: CheckInGiftVoucher;
  timeZone: string;
  canBook: boolean;
  onBook: () => void;
}) {
  const { t } = useTranslation();
  const look = voucherLooks[voucher.status];
  const Icon = look.icon;
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>{t('checkIn.voucher.title')}</span>
          <PaletteTag
            palette={look.palette}
            icon={<Icon aria-hidden />}
            testId="check-in-voucher-status"
            dataStatus={voucher.status}
          >
            {t(`checkIn.voucher.status.${voucher.status}`)}
          </PaletteTag>
        </Flex>
      }
      data-testid="check-in-voucher"
    >
      <Typography.Title
        level={2}
        style={{ marginTop: 0, fontSize: 22, fontFamily: 'monospace' }}
        data-testid="check-in-voucher-code"
      >
        {voucher.code}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 140 } }}
        items={[
          { key: 'product', label: t('checkIn.voucher.product'), children: voucher.product.name },
          {
            key: 'left',
            label: t('checkIn.voucher.left'),
            children: (
              <strong data-testid="check-in-voucher-left">
                {t('checkIn.voucher.leftOf', {
                  available: formatNumber(voucher.availableBookings),
                  maximum: formatNumber(voucher.maximumBookings),
                })}
              </strong>
            ),
          },
          {
            key: 'expires',
            label: t('checkIn.voucher.expires'),
            children: formatDate(voucher.expiresAt, timeZone),
          },
          ...(voucher.customer
            ? [{ key: 'buyer', label: t('checkIn.voucher.buyer'), children: voucher.customer.name }]
            : []),
          ...(voucher.bookingAhead
            ? [
                {
                  key: 'ahead',
                  label: t('checkIn.voucher.bookingAhead'),
                  children: `${formatDate(voucher.bookingAhead.startsAt, timeZone)} · ${formatTime(
                    voucher.bookingAhead.startsAt,
                    timeZone,
                  )}`,
                },
              ]
            : []),
        ]}
      />
      <div style={{ marginTop: 16 }}>
        {voucher.refusal ? (
          <Alert
            type="error"
            showIcon
            title={t(`errors.${errorCodeOf(voucher.refusal)}`)}
            data-testid="check-in-refusal"
          />
        ) : canBook ? (
          <Button
            type="primary"
            size="large"
            block
            icon={<GiftOutlined aria-hidden />}
            onClick={onBook}
            style={{ height: 56, fontSize: 18 }}
            data-testid="check-in-book-voucher"
          >
            {t('checkIn.voucher.book')}
          </Button>
        ) : (
          <Alert type="info" showIcon title={t('checkIn.voucher.noPermission')} />
        )}
      </div>
    </Card>
  );
}
