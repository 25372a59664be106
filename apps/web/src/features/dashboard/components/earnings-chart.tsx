import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import type { Dashboard } from '@mostrador/contract';
import { Card, Flex, Segmented, Table, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
// The chart library is loaded with the dashboard's code only: nothing shared imports it.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ReportScroll, reportMoney } from '../../../components/report-parts';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros } from '../../../lib/format';
import { FigureChange } from './figure-card';

type Chart = NonNullable<Dashboard['chart']>;
type Point = Chart['points'][number];
type Granularity = Chart['granularity'];

const wholeEuros = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
});

/** The day or month a point's key names (`YYYY-MM-DD`, `YYYY-MM`), at noon UTC so no zone moves it. */
function dateOf(key: string): Date {
  const [year, month, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day, 12));
}

/** A point's key in the user's language (the current dayjs locale): short for the axis, long elsewhere. */
export function pointLabel(key: string, granularity: Granularity, long: boolean, withYear = true): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'day'
      ? long
        ? { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }
        : { day: 'numeric', month: 'short' }
      : long
        ? { month: 'long', year: 'numeric' }
        : withYear
          ? { month: 'short', year: '2-digit' }
          : { month: 'short' };
  return new Intl.DateTimeFormat(dayjs.locale(), { ...options, timeZone: 'UTC' }).format(dateOf(key));
}

/** A point's change against last year, as the figures have it: null when last year had nothing. */
function changeOf(point: Point): number | null {
  return point.previous === 0 ? null : (point.current - point.previous) / Math.abs(point.previous);
}

type View = 'chart' | 'table';

/**
 * Earnings by day or by month (the granularity the server chose for the period), this period beside the
 * same days last year: bars with tooltips in euros, or the same figures as a table ("Show as").
 */
export function EarningsChart({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [view, setView] = useState<View>('chart');
  const { granularity, points } = chart;
  const years = new Set(points.map((p) => p.key.slice(0, 4)));
  const axisLabel = (key: string) => pointLabel(key, granularity, false, years.size > 1);
  const current = t('dashboard.chart.current');
  const previous = t('dashboard.chart.previous');

  const columns: TableColumnsType<Point> = [
    {
      key: 'key',
      title: t(granularity === 'day' ? 'dashboard.chart.day' : 'dashboard.chart.month'),
      render: (_v, point) => pointLabel(point.key, granularity, true),
    },
    {
      key: 'current',
      title: current,
      align: 'right',
      render: (_v, point) => <span style={reportMoney}>{formatEuros(point.current)}</span>,
    },
    {
      key: 'previous',
      title: previous,
      align: 'right',
      render: (_v, point) => <span style={reportMoney}>{formatEuros(point.previous)}</span>,
    },
    {
      key: 'change',
      title: t('dashboard.chart.change'),
      align: 'right',
      render: (_v, point) => <FigureChange change={changeOf(point)} />,
    },
  ];

  return (
    <Card data-testid="dashboard-chart">
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            {t('dashboard.chart.title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(granularity === 'day' ? 'dashboard.chart.byDay' : 'dashboard.chart.byMonth')}
          </Typography.Text>
        </div>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'chart', label: t('dashboard.chart.asChart'), icon: <BarChartOutlined aria-hidden /> },
            { value: 'table', label: t('dashboard.chart.asTable'), icon: <TableOutlined aria-hidden /> },
          ]}
          aria-label={t('dashboard.chart.showAs')}
          data-testid="dashboard-chart-view"
        />
      </Flex>
      {view === 'chart' ? (
        <div style={{ width: '100%', height: 300 }} data-testid="dashboard-chart-bars">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 300 }}>
            <BarChart
              data={points}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
              title={t('dashboard.chart.title')}
              desc={t(granularity === 'day' ? 'dashboard.chart.byDay' : 'dashboard.chart.byMonth')}
            >
              <CartesianGrid vertical={false} stroke={token.colorBorderSecondary} />
              <XAxis
                dataKey="key"
                tickFormatter={axisLabel}
                tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
                stroke={token.colorBorder}
                minTickGap={8}
              />
              <YAxis
                width="auto"
                tickFormatter={(value: number) => wholeEuros.format(value)}
                tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
                stroke={token.colorBorder}
              />
              <Tooltip
                formatter={(value) => formatEuros(Number(value))}
                labelFormatter={(key) => pointLabel(String(key), granularity, true)}
                contentStyle={{
                  background: token.colorBgElevated,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                  color: token.colorText,
                }}
                cursor={{ fill: token.colorFillTertiary }}
                // The series' own colours are too light to read as text (the last year's pale blue).
                itemStyle={{ color: token.colorText }}
              />
              <Legend
                itemSorter={null}
                formatter={(name) => <span style={{ color: token.colorText }}>{name}</span>}
              />
              <Bar dataKey="current" name={current} fill={token.colorPrimary} radius={[3, 3, 0, 0]} />
              <Bar dataKey="previous" name={previous} fill={token.colorPrimaryBorder} radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <ReportScroll label={t('dashboard.chart.title')}>
          <Table<Point>
            rowKey="key"
            columns={columns}
            dataSource={points}
            pagination={false}
            size="small"
            data-testid="dashboard-chart-table"
          />
        </ReportScroll>
      )}
    </Card>
  );
}
