import { DatePicker } from 'antd';
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
}: DayRangeFilterProps) {
  const from = filters[field]?.gte as string | undefined;
  const to = filters[field]?.lt as string | undefined;
  const value: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    from || to ? [from ? dayjs(from) : null, to ? dayjs(to).subtract(1, 'day') : null] : null;
  return (
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
}
