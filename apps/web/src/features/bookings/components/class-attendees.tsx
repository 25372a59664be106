import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { BookingRangeItem } from '@mostrador/contract';
import { Button, Flex, Modal, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dayjs';
import { useCompanySettings } from '../../session/api';
import type { ClassBlock } from '../calendar-events';

/** A class's attendees, each opening its booking; the places taken at the top. */
export function ClassAttendees({
  block,
  calendarName,
  onOpen,
  onClose,
}: {
  block: ClassBlock;
  calendarName: string;
  onOpen: (booking: BookingRangeItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const { token } = theme.useToken();
  const time = (iso: string) => dayjs(iso).tz(timeZone).format('HH:mm');
  const day = dayjs(block.startsAt).tz(timeZone).format('L');
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      title={t('bookings.attendeesTitle', {
        product: block.productName,
        day,
        time: `${time(block.startsAt)}–${time(block.endsAt)}`,
      })}
      data-testid="class-attendees"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {calendarName} · {t('bookings.placesTaken', { booked: block.booked, places: block.places })}
      </Typography.Paragraph>
      <Progress
        percent={Math.round((block.booked / Math.max(1, block.places)) * 100)}
        showInfo={false}
        aria-label={t('bookings.placesTaken', { booked: block.booked, places: block.places })}
      />
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {block.attendees.map((booking) => (
          <li
            key={booking.id}
            style={{ borderBottom: `1px solid ${token.colorSplit}`, padding: `${token.paddingXS}px 0` }}
            data-testid={`attendee-${booking.id}`}
          >
            <Flex gap={8} align="center" justify="space-between">
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong>
                  {booking.customerName}
                  {booking.quantity > 1 ? ` ×${booking.quantity}` : ''}{' '}
                  {booking.attended === true && (
                    <CheckCircleFilled
                      aria-label={t('bookings.attendedYes')}
                      style={{ color: token.colorSuccess }}
                    />
                  )}
                  {booking.attended === false && (
                    <CloseCircleFilled
                      aria-label={t('bookings.attendedNo')}
                      style={{ color: token.colorError }}
                    />
                  )}
                </Typography.Text>
                {booking.customerPhone && (
                  <Typography.Text type="secondary">{booking.customerPhone}</Typography.Text>
                )}
              </Flex>
              <Button
                type="link"
                onClick={() => onOpen(booking)}
                aria-label={t('bookings.openNamed', { name: booking.customerName })}
                data-testid={`attendee-open-${booking.id}`}
              >
                {t('bookings.openBooking')}
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
