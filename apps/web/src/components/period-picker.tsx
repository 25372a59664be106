import { DatePicker, Grid, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../lib/dayjs';
import {
  companyToday,
  dayFormat,
  maxPeriodDays,
  type PeriodChoice,
  type PeriodOptions,
  periodOf,
  presetParams,
  rangeParams,
} from '../lib/period';
import { useReportParams } from './report-parts';

/**
 * A screen's period as its URL holds it (lib/period.ts: which presets, which parameters), counted from
 * today in the company's `timeZone`; with the URL's other parameters and their setter, and the two ways to
 * change it: a preset (or `custom`, which keeps the days shown as a fixed range) and a range of days.
 */
export function useUrlPeriod(timeZone: string, options: PeriodOptions) {
  const [params, setParams] = useReportParams();
  const today = companyToday(timeZone);
  const period = periodOf(params, today, options);
  return {
    ...period,
    options,
    params,
    setParams,
    choose: (choice: PeriodChoice) =>
      setParams(
        choice === 'custom' ? rangeParams(period.from, period.to) : presetParams(choice, today, options),
      ),
    setRange: (from: string, to: string) => setParams(rangeParams(from, to)),
  };
}

export type UrlPeriod = ReturnType<typeof useUrlPeriod>;

/**
 * The period picker of the dashboard and the reports: the screen's presets and "custom" as a segmented
 * control (a select below tablet width, where they do not fit one line), and the range of days (at most the
 * three years the server takes). "Custom" is chosen to pin a preset's days where the URL names presets;
 * where it holds days, it only lights up for days no preset has. Test ids `<testId>-preset` and
 * `<testId>-period`.
 */
export function PeriodPicker({ period, testId }: { period: UrlPeriod; testId: string }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const phone = !screens.sm;
  const choices: PeriodChoice[] = [...period.options.presets, 'custom'];
  const options = choices.map((value) => ({
    value,
    label: t(`period.presets.${value}`),
    disabled: value === 'custom' && period.options.url === 'range',
  }));
  return (
    <>
      {narrow ? (
        <Select<PeriodChoice>
          value={period.choice}
          onChange={period.choose}
          options={options}
          aria-label={t('period.preset')}
          style={phone ? { width: '100%' } : { minWidth: 160 }}
          data-testid={`${testId}-preset`}
        />
      ) : (
        <Segmented<PeriodChoice>
          value={period.choice}
          onChange={period.choose}
          options={options}
          aria-label={t('period.preset')}
          data-testid={`${testId}-preset`}
        />
      )}
      <DatePicker.RangePicker
        value={[dayjs(period.from), dayjs(period.to)]}
        format="L"
        allowClear={false}
        disabledDate={(day, info) => !!info?.from && Math.abs(day.diff(info.from, 'day')) > maxPeriodDays}
        onChange={(dates) => {
          const [start, end] = dates ?? [];
          if (start && end) period.setRange(start.format(dayFormat), end.format(dayFormat));
        }}
        aria-label={t('period.range')}
        style={phone ? { width: '100%' } : undefined}
        data-testid={`${testId}-period`}
      />
    </>
  );
}
