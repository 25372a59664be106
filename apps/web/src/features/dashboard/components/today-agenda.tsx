import { CalendarOutlined } from '@ant-design/icons';
import type { DashboardAgendaItem } from '@mostrador/contract';
import { Card, Empty, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatTime } from '../../../lib/format';

/** Where a calendar's bookings are seen: its calendar view. */
export const calendarViewPath = (calendarId: number) => `/calendars/view/${calendarId}`;

/**
 * The rest of today's bookings (the server's: not cancelled, from now on, the first ten): when, what, for
 * whom, and a link to the calendar they are in; "No more bookings today" when none is left.
 */
export function TodayAgenda({ agenda, timeZone }: { agenda: DashboardAgendaItem[]; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card data-testid="dashboard-agenda">
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: token.fontSizeHeading4 }}>
        {t('dashboard.agenda.title')}
      </Typography.Title>
      {agenda.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('dashboard.agenda.empty')}
          data-testid="dashboard-agenda-empty"
        />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {agenda.map((item, index) => (
            <li
              key={item.id}
              style={
                index > 0
                  ? {
                      borderTop: `1px solid ${token.colorSplit}`,
                      marginTop: token.marginXS,
                      paddingTop: token.marginXS,
                    }
                  : undefined
              }
              data-testid="dashboard-agenda-item"
            >
              <Flex gap={12} align="baseline">
                <Typography.Text strong style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatTime(item.startsAt, timeZone)}
                  <span aria-hidden>–</span>
                  <span style={visuallyHidden}> {t('dashboard.agenda.until')} </span>
                  {formatTime(item.endsAt, timeZone)}
                </Typography.Text>
                <Flex wrap align="baseline" gap="0 12px" style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong style={{ flex: '1 1 200px' }}>
                    {item.productName}
                    {item.quantity > 1 && ` ${t('dashboard.agenda.quantity', { quantity: item.quantity })}`}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ flex: '1 1 160px' }}>
                    {item.customerName ?? t('dashboard.agenda.noCustomer')}
                  </Typography.Text>
                  <div style={{ flex: '0 0 auto' }}>
                    <ButtonLink
                      to={calendarViewPath(item.calendarId)}
                      type="link"
                      size="small"
                      icon={<CalendarOutlined aria-hidden />}
                      style={{ paddingInline: 0 }}
                      data-testid="dashboard-agenda-calendar"
                    >
                      {item.calendarName}
                    </ButtonLink>
                  </div>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
