import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { calendarColour } from '../../calendars/calendar-colour';
import type { CalendarInfo } from '../calendar-events';

/** The calendars shown, each with its colour: which band and which blocks are whose. */
export function CalendarLegend({ calendars }: { calendars: CalendarInfo[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      component="ul"
      gap={12}
      wrap
      align="center"
      aria-label={t('bookings.legend')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      data-testid="calendar-legend"
    >
      {calendars.map((calendar) => (
        <Flex component="li" key={calendar.id} gap={6} align="center" data-testid={`legend-${calendar.id}`}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 12,
              height: 12,
              borderRadius: token.borderRadiusXS,
              background: calendarColour(calendar),
            }}
          />
          <Typography.Text>{calendar.name}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
