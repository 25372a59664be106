import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ComparedFigure } from '@mostrador/contract';
import { Card, Flex, Statistic, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatNumber } from '../../../lib/format';

const changeFormat = new Intl.NumberFormat('es-ES', {
  signDisplay: 'exceptZero',
  maximumFractionDigits: 1,
  useGrouping: 'always',
});

/** A change as the contract gives it (0.2345) in percent to one decimal, as shown: 23.5. */
export function changePercent(change: number): number {
  return Math.round(change * 1000) / 10;
}

/** A change in Spanish formatting with its sign: +23,5 %, -5 %, 0 %. */
export function formatChange(change: number): string {
  return `${changeFormat.format(changePercent(change))} %`;
}

/** A count in Spanish formatting: 1.234. */
export const formatCount = (value: number) => formatNumber(value);

type Trend = 'up' | 'down' | 'flat' | 'none';

export function trendOf(change: number | null): Trend {
  if (change === null) return 'none';
  const percent = changePercent(change);
  return percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
}

/**
 * The change against last year: an arrow and its percentage, green up and red down, or in the secondary
 * colour for a figure where more is not better or worse (`neutral`); "nothing to compare" when last year
 * had none.
 */
export function FigureChange({ change, neutral = false }: { change: number | null; neutral?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const trend = trendOf(change);
  if (change === null)
    return (
      <Typography.Text type="secondary" data-trend={trend} data-testid="figure-change">
        {t('dashboard.noComparison')}
      </Typography.Text>
    );
  const color =
    neutral || trend === 'flat'
      ? token.colorTextSecondary
      : trend === 'up'
        ? token.colorSuccessText
        : token.colorError;
  return (
    <Typography.Text
      strong
      style={{ color, whiteSpace: 'nowrap' }}
      data-trend={trend}
      data-testid="figure-change"
    >
      {trend === 'up' && <ArrowUpOutlined aria-hidden />}
      {trend === 'down' && <ArrowDownOutlined aria-hidden />} {formatChange(change)}
    </Typography.Text>
  );
}

interface FigureCardProps {
  /** `dashboard-<testId>` on the card. */
  testId: string;
  title: string;
  icon: ReactNode;
  figure: ComparedFigure;
  format: (value: number) => string;
  /** A figure whose rise is neither good nor bad news: its change in the secondary colour. */
  neutral?: boolean;
  /** More lines under the comparison, and what they say for a screen reader. */
  details?: { node: ReactNode; text: string };
}

/**
 * One figure of the period: its value, the same days last year and the change. A screen reader reads it as
 * one sentence ("Earnings 1.234,56 €, last year 1.000,00 €, +23,5 %"), the drawn parts hidden from it.
 */
export function FigureCard({ testId, title, icon, figure, format, neutral, details }: FigureCardProps) {
  const { t } = useTranslation();
  const value = format(figure.current);
  const previous = format(figure.previous);
  const change = figure.change === null ? t('dashboard.noComparison') : formatChange(figure.change);
  const sentence = t('dashboard.figureText', { title, value, previous, change });
  return (
    <Card data-testid={`dashboard-${testId}`} style={{ height: '100%' }}>
      <span style={visuallyHidden} data-testid={`dashboard-${testId}-text`}>
        {details ? `${sentence}. ${details.text}` : sentence}
      </span>
      <div aria-hidden>
        <Statistic
          title={title}
          value={value}
          prefix={icon}
          styles={{ content: { whiteSpace: 'nowrap' } }}
          data-testid={`dashboard-${testId}-value`}
        />
        <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginTop: 4 }}>
          <Typography.Text type="secondary" data-testid={`dashboard-${testId}-previous`}>
            {t('dashboard.lastYear', { value: previous })}
          </Typography.Text>
          <FigureChange change={figure.change} neutral={neutral} />
        </Flex>
        {details?.node}
      </div>
    </Card>
  );
}
