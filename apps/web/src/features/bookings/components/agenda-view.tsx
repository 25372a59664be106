import { LeftOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dayjs';
import { byLocalDay } from '../calendar-events';

/** One line of the agenda: a booking or a class (opened), or a place held for an online payment (not). */
export interface AgendaEntry {
  key: string;
  start: string;
  end: string;
  colour: string;
  title: string;
  detail: string;
  isClass: boolean;
  /** A place held while a customer pays online: muted, striped, nothing to open. */
  isHold?: boolean;
  onOpen?: () => void;
}

/** The Monday (a local date of the company, YYYY-MM-DD) of the week `day` falls in. */
export function mondayOf(day: string): string {
  const d = dayjs.utc(day);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/** The week starting on local `monday` as ISO instants [from, to) in the company's time zone. */
export function weekRange(monday: string, timeZone: string): { from: string; to: string } {
  const next = dayjs.utc(monday).add(7, 'day').format('YYYY-MM-DD');
  return {
    from: dayjs.tz(monday, timeZone).toISOString(),
    to: dayjs.tz(next, timeZone).toISOString(),
  };
}

/**
 * The phone's calendar: a week as a list of days with their bookings and classes in time order, each in
 * its calendar's colour; the arrows move a week, "Today" comes back.
 */
export function AgendaView({
  monday,
  onMonday,
  entries,
  loading,
  timeZone,
  language,
}: {
  monday: string;
  onMonday: (monday: string) => void;
  entries: AgendaEntry[];
  loading: boolean;
  timeZone: string;
  language: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const time = (iso: string) => dayjs(iso).tz(timeZone).format('HH:mm');
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  const sunday = dayjs.utc(monday).add(6, 'day');
  const short = dateFormat({ day: 'numeric', month: 'short' });
  const title = `${short.format(dayjs.utc(monday).toDate())} – ${dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(sunday.toDate())}`;
  const dayTitle = (day: string) => {
    const text = dateFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(
      dayjs.utc(day).toDate(),
    );
    return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
  };
  const today = mondayOf(dayjs().tz(timeZone).format('YYYY-MM-DD'));
  const move = (days: number) => onMonday(dayjs.utc(monday).add(days, 'day').format('YYYY-MM-DD'));
  const days = byLocalDay(entries, timeZone);
  return (
    <div data-testid="bookings-agenda">
      <Flex gap={8} align="center" justify="space-between" wrap style={{ marginBottom: 12 }}>
        <Flex gap={4}>
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label={t('bookings.agenda.previous')}
            onClick={() => move(-7)}
          />
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label={t('bookings.agenda.next')}
            onClick={() => move(7)}
          />
          <Button disabled={today === monday} onClick={() => onMonday(today)}>
            {t('bookings.viewButtons.today')}
          </Button>
        </Flex>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="agenda-title">
          {title}
        </Typography.Title>
      </Flex>
      {loading && !entries.length ? (
        <Skeleton active />
      ) : !days.length ? (
        <Empty description={t('bookings.agenda.empty')} />
      ) : (
        days.map(([day, items]) => (
          <section key={day} aria-label={dayTitle(day)} data-testid={`agenda-day-${day}`}>
            <Typography.Text
              strong
              style={{
                display: 'block',
                padding: `${token.paddingXS}px ${token.paddingSM}px`,
                background: token.colorFillQuaternary,
                borderRadius: token.borderRadiusSM,
              }}
            >
              {dayTitle(day)}
            </Typography.Text>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((entry) => (
                <li
                  key={entry.key}
                  style={{
                    borderBottom: `1px solid ${token.colorSplit}`,
                    padding: `${token.paddingXS}px ${token.paddingSM}px`,
                  }}
                  data-testid={`agenda-${entry.key}`}
                >
                  <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
                    <Typography.Text style={{ minWidth: 48, fontVariantNumeric: 'tabular-nums' }}>
                      {time(entry.start)}
                      <br />
                      <Typography.Text type="secondary">{time(entry.end)}</Typography.Text>
                    </Typography.Text>
                    <span
                      aria-hidden
                      style={{
                        alignSelf: 'stretch',
                        width: 4,
                        borderRadius: 2,
                        background: entry.isHold
                          ? `repeating-linear-gradient(180deg, ${entry.colour} 0 4px, transparent 4px 8px)`
                          : entry.colour,
                      }}
                    />
                    <Flex vertical align="flex-start" style={{ minWidth: 0, flex: 1 }}>
                      {entry.onOpen ? (
                        <Button
                          type="link"
                          onClick={entry.onOpen}
                          style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }}
                        >
                          {entry.isClass && <TeamOutlined aria-hidden />}
                          {entry.title}
                        </Button>
                      ) : (
                        <Typography.Text type="secondary" italic>
                          {entry.title}
                        </Typography.Text>
                      )}
                      <Typography.Text type="secondary">{entry.detail}</Typography.Text>
                    </Flex>
                  </Flex>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
