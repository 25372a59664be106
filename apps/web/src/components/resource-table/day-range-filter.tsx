import { Button, DatePicker } from 'antd';
import { dayjs } from '../../lib/dayjs';
import type { ToolbarContext } from './types';

interface DayRangeFilterProps extends ToolbarContext {
  /** The list field filtered, e.g. `startsAt` or `createdAt`. */
  field: string;
  /** Accessible name of the picker. */
  label: string;
  /** Placeholders of its two ends. */
  placeholder: [string, string];
  testId?: string;
  /** The company's time zone, shown as a data attribute for tests that check the days read. */
  timeZone?: string;
  /**
   * The label of a "today" button beside the picker: it filters on the company's today (its `timeZone`)
   * and, pressed again, clears the filter.
   */
  todayLabel?: string;
}

/** Today and tomorrow in a time zone, as the filter's offset-less dates. */
export function todayRange(timeZone: string | undefined, now = dayjs()): { gte: string; lt: string } {
  const today = timeZone ? now.tz(timeZone) : now;
  return { gte: today.format('YYYY-MM-DD'), lt: today.add(1, 'day').format('YYYY-MM-DD') };
}

/**
 * A toolbar filter over whole local days of the company: the chosen days go as offset-less dates (the
 * API reads them in the company's time zone) as `gte` the first day and `lt` the day after the last.
 */
export function DayRangeFilter({
  filters,
  setFilter,
  field,
  label,
  placeholder,
  testId,
  timeZone,
  todayLabel,
}: DayRangeFilterProps) {
  const from = filters[field]?.gte as string | undefined;
  const to = filters[field]?.lt as string | undefined;
  const value: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from) : null, to ? dayjs(to).subtract(1, 'day') : null] : null;
  const today = todayRange(timeZone);
  const isToday = from === today.gte && to === today.lt;
  const picker = (
    <DatePicker.RangePicker
      value={value}
      format="L"
      allowEmpty={[true, true]}
      aria-label={label}
      placeholder={placeholder}
      onChange={(dates) => {
        const [start, end] = dates ?? [null, null];
        setFilter(
          field,
          start || end
            ? {
                ...(start ? { gte: start.format('YYYY-MM-DD') } : {}),
                ...(end ? { lt: end.add(1, 'day').format('YYYY-MM-DD') } : {}),
              }
            : undefined,
        );
      }}
      data-testid={testId}
      data-time-zone={timeZone}
    />
  );
  if (!todayLabel) return picker;
  return (
    <>
      <Button
        type={isToday ? 'primary' : 'default'}
        aria-pressed={isToday}
        onClick={() => setFilter(field, isToday ? undefined : today)}
        data-testid={testId && `${testId}-today`}
      >
        {todayLabel}
      </Button>
      {picker}
    </>
  );
}
