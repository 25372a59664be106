import { DatePicker, Grid, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useReportParams } from '../../../components/report-parts';
import { dayjs } from '../../../lib/dayjs';
import { useCompanySettings } from '../../session/api';

export const periodPresets = ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const dayFormat = 'YYYY-MM-DD';
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();

/** The first and last day of a preset, counted from `today` (the company's day); weeks start on Monday. */
export function presetRange(
  preset: Exclude<PeriodPreset, 'custom'>,
  today: Dayjs,
): { from: string; to: string } {
  const day = today.startOf('day');
  const range = (start: Dayjs, end: Dayjs) => ({ from: start.format(dayFormat), to: end.format(dayFormat) });
  switch (preset) {
    case 'today':
      return range(day, day);
    case 'thisWeek':
      return range(day.subtract((day.day() + 6) % 7, 'day'), day);
    case 'lastMonth': {
      const start = day.subtract(1, 'month').startOf('month');
      return range(start, start.endOf('month'));
    }
    case 'thisYear':
      return range(day.startOf('year'), day);
    default:
      return range(day.startOf('month'), day);
  }
}

/**
 * A report's period, kept in the URL (`?from=&to=`, company days, both included): this month unless the
 * URL says otherwise, the preset it matches ('custom' when none) and a setter.
 */
export function useReportPeriod() {
  const { timeZone } = useCompanySettings();
  const [params, setParams] = useReportParams();
  const today = dayjs().tz(timeZone);
  const fallback = presetRange('thisMonth', today);
  const from = isDay(params.get('from')) ? (params.get('from') as string) : fallback.from;
  const rawTo = isDay(params.get('to')) ? (params.get('to') as string) : fallback.to;
  // A range the wrong way round is read as its days in order.
  const [start, end] = rawTo < from ? [rawTo, from] : [from, rawTo];
  const preset: PeriodPreset =
    periodPresets.find((p) => {
      if (p === 'custom') return false;
      const range = presetRange(p, today);
      return range.from === start && range.to === end;
    }) ?? 'custom';
  return {
    from: start,
    to: end,
    preset,
    today,
    params,
    setParams,
    setPeriod: (range: { from: string; to: string }) => setParams(range),
  };
}

/**
 * The presets (today, this week, this month, last month, this year; "custom" lights up for any other range)
 * and the range picker. `report` names its strings (`reports.<report>.*`), `testId` the prefix of
 * the controls' test ids.
 */
export function ReportPeriodPicker({
  period,
  report,
  testId,
}: {
  period: ReturnType<typeof useReportPeriod>;
  report: 'bookings' | 'sales';
  testId: string;
}) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().sm;
  const options = periodPresets.map((value) => ({
    value,
    label: t(`reports.${report}.presets.${value}`),
    disabled: value === 'custom',
  }));
  const choose = (value: PeriodPreset) => {
    if (value !== 'custom') period.setPeriod(presetRange(value, period.today));
  };
  return (
    <>
      {/* Six presets do not fit a phone's width: a select there. */}
      {phone ? (
        <Select<PeriodPreset>
          value={period.preset}
          onChange={choose}
          options={options}
          aria-label={t(`reports.${report}.preset`)}
          style={{ width: '100%' }}
          data-testid={`${testId}-preset`}
        />
      ) : (
        <Segmented<PeriodPreset>
          value={period.preset}
          onChange={choose}
          options={options}
          aria-label={t(`reports.${report}.preset`)}
          data-testid={`${testId}-preset`}
        />
      )}
      <DatePicker.RangePicker
        value={[dayjs(period.from), dayjs(period.to)]}
        format="L"
        allowClear={false}
        onChange={(dates) => {
          const [start, end] = dates ?? [];
          if (start && end) period.setPeriod({ from: start.format(dayFormat), to: end.format(dayFormat) });
        }}
        aria-label={t(`reports.${report}.period`)}
        data-testid={`${testId}-period`}
      />
    </>
  );
}
