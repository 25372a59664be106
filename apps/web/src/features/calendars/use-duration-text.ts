import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { minutesParts } from './calendar-values';

/** Days as people read them: "90 days". */
export function useDaysText(): (days: number) => string {
  const { t } = useTranslation();
  return (days) => t('calendars.units.dayCount', { count: days, formatted: formatNumber(days) });
}

/** Minutes as people read them: "30 min", "2 h", "1 h 30 min", "2 days 4 h". */
export function useMinutesText(): (minutes: number) => string {
  const { t } = useTranslation();
  const daysText = useDaysText();
  return (total) => {
    const { days, hours, minutes } = minutesParts(total);
    const parts: string[] = [];
    if (days) parts.push(daysText(days));
    if (hours) parts.push(t('calendars.units.hours', { hours }));
    if (minutes || !parts.length) parts.push(t('calendars.units.minutes', { minutes }));
    return parts.join(' ');
  };
}
