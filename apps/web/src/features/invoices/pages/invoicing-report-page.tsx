import type { InvoicingReport } from '@mostrador/contract';
import {
  Card,
  Col,
  DatePicker,
  Flex,
  Grid,
  Row,
  Segmented,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import {
  reportMoney as money,
  ReportScroll,
  ReportStates,
  useReportParams,
} from '../../../components/report-parts';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros } from '../../../lib/format';
import { ReportExports } from '../../reports/components/report-exports';
import { useCompanySettings } from '../../session/api';
import { downloadInvoicingReport, useInvoicingReport } from '../api';

export const reportFigures = ['taxBase', 'tax', 'total'] as const;
export type ReportFigure = (typeof reportFigures)[number];

type ReportRow = InvoicingReport['items'][number];

/** The year of the URL (`?year=2026`), else the current one in the company's time zone. */
function yearOf(raw: string | null, timeZone: string): number {
  const year = Number(raw);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : dayjs().tz(timeZone).year();
}

function figureOf(raw: string | null): ReportFigure {
  return reportFigures.includes(raw as ReportFigure) ? (raw as ReportFigure) : 'total';
}

/** An amount of the table: a dash where nothing was invoiced, so the months sold stand out. */
function Amount({ value, strong }: { value: number; strong?: boolean }) {
  if (value === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text strong={strong} style={money}>
      {formatEuros(value)}
    </Typography.Text>
  );
}

/**
 * What was invoiced per product and month of a year (issue date, company time zone; annulled invoices
 * left out, rectifying ones subtracting): the year's totals, a table of products by month showing the
 * chosen figure (tax base, VAT or total) with a totals row, and the CSV and XLSX the server makes. Year and
 * figure live in the URL.
 */
export function InvoicingReportPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const [params, setParams] = useReportParams();
  const year = yearOf(params.get('year'), timeZone);
  const figure = figureOf(params.get('figure'));
  const report = useInvoicingReport(year);
  const data = report.data?.year === year ? report.data : undefined;
  const phone = !Grid.useBreakpoint().sm;
  const productWidth = phone ? 140 : 240;

  const months = Array.from({ length: 12 }, (_, index) => dayjs().month(index).format('MMM'));
  const columns: TableColumnsType<ReportRow> = [
    {
      key: 'product',
      title: t('reports.invoicing.product'),
      fixed: 'start',
      width: productWidth,
      render: (_v, row) => (
        <Typography.Text
          strong
          ellipsis={{ tooltip: row.productName }}
          style={{ maxWidth: productWidth - 16 }}
        >
          {row.productName}
        </Typography.Text>
      ),
    },
    ...months.map((label, index) => ({
      key: `m${index + 1}`,
      title: <span style={{ textTransform: 'capitalize' }}>{label}</span>,
      align: 'right' as const,
      render: (_v: unknown, row: ReportRow) => <Amount value={row.months[index]?.[figure] ?? 0} />,
    })),
    {
      key: 'year',
      title: t('reports.invoicing.yearTotal'),
      align: 'right',
      fixed: 'end',
      render: (_v, row) => <Amount value={row[figure]} strong />,
    },
  ];

  const summary = (totals: InvoicingReport['totals']) => (
    <Table.Summary fixed="bottom">
      <Table.Summary.Row data-testid="report-totals">
        <Table.Summary.Cell index={0}>
          <Typography.Text strong>{t('reports.invoicing.totals')}</Typography.Text>
        </Table.Summary.Cell>
        {totals.months.map((month, index) => (
          <Table.Summary.Cell key={month.month} index={index + 1} align="right">
            <Amount value={month[figure]} strong />
          </Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={13} align="right">
          <Amount value={totals[figure]} strong />
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Table.Summary>
  );

  // Twelve months do not fit a phone: the table scrolls sideways.
  const table = (invoiced: InvoicingReport) => (
    <ReportScroll label={t('reports.invoicing.title')} testId="report-scroll">
      <Table<ReportRow>
        rowKey={(row) => `${row.productId ?? 'none'}-${row.productName}`}
        columns={columns}
        dataSource={invoiced.items}
        pagination={false}
        size="small"
        bordered
        loading={report.isFetching}
        summary={() => summary(invoiced.totals)}
        data-testid="report-table"
      />
    </ReportScroll>
  );

  const figureCards: { key: ReportFigure; label: string }[] = [
    { key: 'taxBase', label: t('reports.invoicing.figures.taxBase') },
    { key: 'tax', label: t('reports.invoicing.figures.tax') },
    { key: 'total', label: t('reports.invoicing.figures.total') },
  ];

  return (
    <div data-testid="invoicing-report">
      <PageHeader
        title={t('reports.invoicing.title')}
        subtitle={t('reports.invoicing.subtitle')}
        actions={
          <ReportExports
            buttons={{
              csv: {
                label: t('reports.invoicing.export'),
                failedText: t('reports.invoicing.exportFailed'),
                testId: 'report-export',
              },
              xlsx: {
                label: t('reports.invoicing.exportXlsx'),
                failedText: t('reports.invoicing.exportXlsxFailed'),
                testId: 'report-export-xlsx',
              },
            }}
            download={(format) =>
              downloadInvoicingReport(
                year,
                format,
                format === 'csv'
                  ? t('reports.invoicing.csvFileName', { year })
                  : t('reports.invoicing.xlsxFileName', { year }),
              )
            }
            disabled={!data?.items.length}
          />
        }
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <DatePicker
          picker="year"
          value={dayjs().year(year)}
          allowClear={false}
          format="YYYY"
          minDate={dayjs('2000-01-01')}
          maxDate={dayjs('2100-12-31')}
          onChange={(value) => value && setParams({ year: String(value.year()) })}
          aria-label={t('reports.invoicing.year')}
          data-testid="report-year"
        />
        <Segmented<ReportFigure>
          value={figure}
          onChange={(value) => setParams({ figure: value === 'total' ? null : value })}
          options={figureCards.map(({ key, label }) => ({ value: key, label }))}
          aria-label={t('reports.invoicing.figure')}
          data-testid="report-figure"
        />
      </Flex>
      {phone ? (
        // On a phone the year's figures are one card of lines, as an order's totals are.
        <Card size="small" style={{ marginBottom: 16 }}>
          <Flex vertical gap={4}>
            {figureCards.map(({ key, label }) => (
              <Flex key={key} justify="space-between" gap={16} data-testid={`report-total-${key}`}>
                <Typography.Text type={key === 'total' ? undefined : 'secondary'} strong={key === 'total'}>
                  {t('reports.invoicing.yearFigure', { figure: label, year })}
                </Typography.Text>
                <Typography.Text strong={key === 'total'} style={money}>
                  {data ? formatEuros(data.totals[key]) : '…'}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Card>
      ) : (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {figureCards.map(({ key, label }) => (
            <Col sm={8} key={key}>
              <Card size="small">
                <Statistic
                  title={t('reports.invoicing.yearFigure', { figure: label, year })}
                  value={data ? formatEuros(data.totals[key]) : ''}
                  loading={!data && !report.isError}
                  styles={{ content: money }}
                  data-testid={`report-total-${key}`}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <ReportStates
        query={report}
        data={data}
        empty={!data?.items.length}
        loadFailed={t('reports.invoicing.loadFailed')}
        emptyText={t('reports.invoicing.empty', { year })}
        testIdPrefix="report"
        skeletonRows={8}
      >
        {(shown) => <Card styles={{ body: { padding: 16 } }}>{table(shown)}</Card>}
      </ReportStates>
    </div>
  );
}
