import type { SalesReport } from '@mostrador/contract';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PeriodPicker, useUrlPeriod } from '../../../components/period-picker';
import {
  CellText,
  FigureCards,
  ReportSection,
  ReportStates,
  reportCount,
  reportEuros,
} from '../../../components/report-parts';
import { figureColumn, type ReportColumn, ReportTable } from '../../../components/report-table';
import { formatDate, formatEuros, formatNumber } from '../../../lib/format';
import { reportPeriod } from '../../../lib/period';
import { useCompanySettings } from '../../session/api';
import { downloadSalesReport, useSalesReport } from '../api';
import { PaymentMethodChart } from '../components/payment-method-chart';
import { ReportExports } from '../components/report-exports';

type Figures = SalesReport['totals'];
type MethodRow = SalesReport['byPaymentMethod'][number];
type ProductRow = SalesReport['byProduct'][number];
type TypeRow = SalesReport['byProductType'][number];
type RefundRow = SalesReport['refunds'][number];

const active = (row: Figures) => row.salesCount > 0 || row.refundsCount > 0;

/**
 * What was sold in a period (paid sales by payment date, VAT included), what refunds gave back and the
 * net, by payment method (a chart and its table), product (sortable by net), product type, and the
 * refunds themselves with their orders; the period in the URL, the server's CSV and XLSX of the same.
 */
export function SalesReportPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const period = useUrlPeriod(timeZone, reportPeriod);
  const { from, to } = period;
  const report = useSalesReport(from, to);
  const data = report.data?.from === from && report.data?.to === to ? report.data : undefined;

  /** The columns every breakdown shares: sales (count, amount), refunds (count, amount), net. */
  const figureColumns = <T extends Figures>(): ReportColumn<T>[] => [
    figureColumn<T>('salesCount', t('reports.sales.salesCount'), (row) => reportCount(row.salesCount)),
    figureColumn<T>('sales', t('reports.sales.sales'), (row) => reportEuros(row.sales)),
    figureColumn<T>('refundsCount', t('reports.sales.refundsCount'), (row) => reportCount(row.refundsCount)),
    figureColumn<T>('refunds', t('reports.sales.refunds'), (row) => reportEuros(row.refunds)),
    figureColumn<T>('net', t('reports.sales.net'), (row) => reportEuros(row.net, true)),
  ];
  const unitsColumn = <T extends ProductRow | TypeRow>() =>
    figureColumn<T>('units', t('reports.sales.units'), (row) => reportCount(row.units));

  const methodName = (method: string) => t(`orders.paymentMethods.${method}`);
  const typeName = (type: string) => t(`products.types.${type}`);

  const methodColumns: ReportColumn<MethodRow>[] = [
    {
      key: 'method',
      title: t('reports.sales.paymentMethod'),
      phone: 'title',
      render: (row) => (
        <CellText strong minWidth={110}>
          {methodName(row.paymentMethod)}
        </CellText>
      ),
    },
    ...figureColumns<MethodRow>(),
  ];

  const productColumns: ReportColumn<ProductRow>[] = [
    {
      key: 'product',
      title: t('reports.sales.product'),
      phone: 'title',
      render: (row) => (
        <CellText strong minWidth={150}>
          {row.productName}
        </CellText>
      ),
    },
    {
      key: 'type',
      title: t('reports.sales.productType'),
      phone: 'subtitle',
      render: (row) => <CellText minWidth={110}>{typeName(row.productType)}</CellText>,
    },
    unitsColumn<ProductRow>(),
    ...figureColumns<ProductRow>().map((column) =>
      column.key === 'net'
        ? {
            ...column,
            sorter: (a: ProductRow, b: ProductRow) => a.net - b.net,
            defaultSortOrder: 'descend' as const,
          }
        : column,
    ),
  ];

  const typeColumns: ReportColumn<TypeRow>[] = [
    {
      key: 'type',
      title: t('reports.sales.productType'),
      phone: 'title',
      render: (row) => (
        <CellText strong minWidth={120}>
          {typeName(row.productType)}
        </CellText>
      ),
    },
    unitsColumn<TypeRow>(),
    ...figureColumns<TypeRow>(),
  ];

  const orderLink = (orderId: number, code: number, testId: string) => (
    <Link to={`/orders/edit/${orderId}`} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {t('orders.list.number', { code })}
    </Link>
  );
  const refundColumns: ReportColumn<RefundRow>[] = [
    {
      key: 'refund',
      title: t('reports.sales.refundOrder'),
      phone: 'title',
      render: (row) => orderLink(row.orderId, row.code, 'sales-report-refund-link'),
    },
    {
      key: 'original',
      title: t('reports.sales.originalOrder'),
      render: (row) => orderLink(row.originalOrderId, row.originalCode, 'sales-report-original-link'),
    },
    {
      key: 'date',
      title: t('reports.sales.paymentDate'),
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.paymentDate, timeZone)}</span>,
    },
    {
      key: 'method',
      title: t('reports.sales.paymentMethod'),
      render: (row) => <CellText minWidth={110}>{methodName(row.paymentMethod)}</CellText>,
    },
    {
      key: 'customer',
      title: t('reports.sales.customer'),
      render: (row) =>
        row.customerName ? (
          <CellText minWidth={140}>{row.customerName}</CellText>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    figureColumn('amount', t('reports.sales.refunded'), (row) => reportEuros(row.amount, true)),
  ];

  const totals = data?.totals;
  const figures = [
    {
      key: 'sales',
      title: t('reports.sales.sales'),
      value: totals ? formatEuros(totals.sales) : '',
      hint: totals
        ? t('reports.sales.salesCountOf', {
            count: totals.salesCount,
            number: formatNumber(totals.salesCount),
          })
        : undefined,
    },
    {
      key: 'refunds',
      title: t('reports.sales.refunds'),
      value: totals ? formatEuros(totals.refunds) : '',
      hint: totals
        ? t('reports.sales.refundsCountOf', {
            count: totals.refundsCount,
            number: formatNumber(totals.refundsCount),
          })
        : undefined,
    },
    { key: 'net', title: t('reports.sales.net'), value: totals ? formatEuros(totals.net) : '' },
  ];

  const table = <T extends object>(
    label: string,
    rows: T[],
    columns: ReportColumn<T>[],
    rowKey: (row: T) => string,
    testId: string,
  ) => (
    <ReportTable<T>
      label={label}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      loading={report.isFetching}
      emptyText={t('reports.sales.none')}
      testId={testId}
    />
  );

  const empty = !!data && !data.byPaymentMethod.some(active) && !data.byProduct.length;

  const body = (shown: SalesReport) => {
    const methods = shown.byPaymentMethod.filter(active);
    return (
      <>
        <ReportSection title={t('reports.sales.byPaymentMethod')} testId="sales-report-methods">
          <Row gutter={[16, 16]}>
            <Col xs={24} xxl={10}>
              <PaymentMethodChart
                bars={methods.map((m) => ({
                  key: m.paymentMethod,
                  name: methodName(m.paymentMethod),
                  sales: m.sales,
                  refunds: m.refunds,
                }))}
                label={t('reports.sales.chartLabel')}
                salesName={t('reports.sales.sales')}
                refundsName={t('reports.sales.refunds')}
              />
            </Col>
            <Col xs={24} xxl={14}>
              {table(
                t('reports.sales.byPaymentMethod'),
                methods,
                methodColumns,
                (row) => row.paymentMethod,
                'sales-report-method-table',
              )}
            </Col>
          </Row>
        </ReportSection>
        <ReportSection title={t('reports.sales.byProduct')} testId="sales-report-products">
          {table(
            t('reports.sales.byProduct'),
            shown.byProduct,
            productColumns,
            (row) => String(row.productId),
            'sales-report-product-table',
          )}
        </ReportSection>
        <ReportSection title={t('reports.sales.byProductType')} testId="sales-report-types">
          {table(
            t('reports.sales.byProductType'),
            shown.byProductType,
            typeColumns,
            (row) => row.productType,
            'sales-report-type-table',
          )}
        </ReportSection>
        <ReportSection title={t('reports.sales.refundsList')} testId="sales-report-refunds">
          {table(
            t('reports.sales.refundsList'),
            shown.refunds,
            refundColumns,
            (row) => String(row.orderId),
            'sales-report-refund-table',
          )}
        </ReportSection>
      </>
    );
  };

  return (
    <div data-testid="sales-report">
      <PageHeader
        title={t('reports.sales.title')}
        subtitle={t('reports.sales.subtitle')}
        actions={
          <ReportExports
            report="sales"
            testId="sales-report-export"
            disabled={!data}
            download={(format) =>
              downloadSalesReport(from, to, format, `${t('reports.sales.fileName', { from, to })}.${format}`)
            }
          />
        }
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <PeriodPicker period={period} testId="sales-report" />
      </Flex>
      <FigureCards figures={figures} loading={!data && !report.isError} testIdPrefix="sales-report-total" />
      <ReportStates
        query={report}
        data={data}
        empty={empty}
        loadFailed={t('reports.sales.loadFailed')}
        emptyText={t('reports.sales.empty')}
        testIdPrefix="sales-report"
        skeletonRows={8}
      >
        {body}
      </ReportStates>
    </div>
  );
}
