import { DatePicker, Flex, Grid, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dayjs';
import {
  dashboardPresets,
  dayFormat,
  maxPeriodDays,
  type Period,
  type PeriodChoice,
  presetParams,
  rangeParams,
} from '../period';

const choices: PeriodChoice[] = [...dashboardPresets, 'custom'];

/**
 * The dashboard's period: a preset (today, this week, this month, this year) or any range of days (at most
 * the three years the server takes), as URL parameters. "Custom" keeps the days shown as a fixed range.
 * The presets are a segmented control, a select below tablet width where five do not fit on one line.
 */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: Period;
  onChange: (params: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  const choose = (choice: PeriodChoice) =>
    onChange(choice === 'custom' ? rangeParams(period.from, period.to) : presetParams(choice));
  const options = choices.map((value) => ({ value, label: t(`dashboard.presets.${value}`) }));
  return (
    <Flex gap={12} wrap align="center">
      {narrow ? (
        <Select<PeriodChoice>
          value={period.choice}
          onChange={choose}
          options={options}
          aria-label={t('dashboard.preset')}
          style={{ minWidth: 160 }}
          data-testid="dashboard-preset"
        />
      ) : (
        <Segmented<PeriodChoice>
          value={period.choice}
          onChange={choose}
          options={options}
          aria-label={t('dashboard.preset')}
          data-testid="dashboard-preset"
        />
      )}
      <DatePicker.RangePicker
        value={[dayjs(period.from), dayjs(period.to)]}
        format="L"
        allowClear={false}
        disabledDate={(day, info) => !!info?.from && Math.abs(day.diff(info.from, 'day')) > maxPeriodDays}
        onChange={(dates) => {
          const [start, end] = dates ?? [];
          if (start && end) onChange(rangeParams(start.format(dayFormat), end.format(dayFormat)));
        }}
        aria-label={t('dashboard.range')}
        data-testid="dashboard-range"
      />
    </Flex>
  );
}
