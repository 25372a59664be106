import type { SupplierSettlement } from '@mostrador/contract';
import { Card, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PeriodPicker, useUrlPeriod } from '../../../components/period-picker';
import { reportMoney as money, ReportScroll, ReportStates } from '../../../components/report-parts';
import { formatEuros, formatNumber, formatPercentage } from '../../../lib/format';
import { type PeriodOptions, reportPeriod } from '../../../lib/period';
import { ReportExports } from '../../reports/components/report-exports';
import { useCompanySettings } from '../../session/api';
import { downloadSupplierSettlement, useSupplierSettlement } from '../api';

type Row = SupplierSettlement['suppliers'][number];

/** The settlement's presets: months and the year so far; the days in the URL, this month to start with. */
const settlementPeriod: PeriodOptions = {
  ...reportPeriod,
  presets: ['thisMonth', 'lastMonth', 'thisYear'],
};

/**
 * What each supplier's products sold in a period (company days; paid sales minus refunds, VAT included),
 * the commission the company keeps (the product's own, else the supplier's) and what is owed to the
 * supplier, with the totals and the server's CSV and XLSX. The period lives in the URL (`?from=&to=`).
 */
export function SupplierSettlementPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const period = useUrlPeriod(timeZone, settlementPeriod);
  const { from, to } = period;
  const report = useSupplierSettlement(from, to);
  const data = report.data?.from === from && report.data?.to === to ? report.data : undefined;
  const phone = !Grid.useBreakpoint().sm;

  const amount = (value: number, strong = false) => (
    <Typography.Text strong={strong} style={money}>
      {formatEuros(value)}
    </Typography.Text>
  );
  const rate = (row: Row) => {
    if (row.commissionType === null || row.commissionQuantity === null) return t('common.noValue');
    return row.commissionType === 'percentage'
      ? formatPercentage(row.commissionQuantity)
      : t('suppliers.perUnit', { amount: formatEuros(row.commissionQuantity) });
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'supplier',
      title: t('reports.settlement.supplier'),
      render: (_v, row) => <Typography.Text strong>{row.supplierName}</Typography.Text>,
    },
    {
      key: 'rate',
      title: t('reports.settlement.rate'),
      align: 'right',
      render: (_v, row) => <span style={{ whiteSpace: 'nowrap' }}>{rate(row)}</span>,
    },
    {
      key: 'units',
      title: t('reports.settlement.units'),
      align: 'right',
      render: (_v, row) => <span style={money}>{formatNumber(row.units)}</span>,
    },
    {
      key: 'sales',
      title: t('reports.settlement.sales'),
      align: 'right',
      render: (_v, row) => amount(row.sales),
    },
    {
      key: 'commission',
      title: t('reports.settlement.commission'),
      align: 'right',
      render: (_v, row) => amount(row.commission),
    },
    {
      key: 'payable',
      title: t('reports.settlement.payable'),
      align: 'right',
      render: (_v, row) => amount(row.payable, true),
    },
  ];

  const summary = (totals: SupplierSettlement['totals']) => (
    <Table.Summary>
      <Table.Summary.Row data-testid="settlement-totals">
        <Table.Summary.Cell index={0} colSpan={2}>
          <Typography.Text strong>{t('reports.settlement.totals')}</Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2} align="right">
          <Typography.Text strong style={money}>
            {formatNumber(totals.units)}
          </Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3} align="right">
          {amount(totals.sales, true)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={4} align="right">
          {amount(totals.commission, true)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={5} align="right">
          {amount(totals.payable, true)}
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Table.Summary>
  );

  /** A card's lines: the supplier's own rate (when given), units, sales, commission and what is owed. */
  const figureLines = (figures: SupplierSettlement['totals'], rateText?: string) => (
    <Flex vertical gap={4}>
      {[
        ...(rateText === undefined ? [] : [['rate', t('reports.settlement.rate'), rateText] as const]),
        ['units', t('reports.settlement.units'), formatNumber(figures.units)] as const,
        ['sales', t('reports.settlement.sales'), formatEuros(figures.sales)] as const,
        ['commission', t('reports.settlement.commission'), formatEuros(figures.commission)] as const,
        ['payable', t('reports.settlement.payable'), formatEuros(figures.payable)] as const,
      ].map(([key, label, value]) => (
        <Flex key={key} justify="space-between" gap={16}>
          <Typography.Text type={key === 'payable' ? undefined : 'secondary'} strong={key === 'payable'}>
            {label}
          </Typography.Text>
          <Typography.Text strong={key === 'payable'} style={money}>
            {value}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );

  const table = (settlement: SupplierSettlement) =>
    // Six columns do not fit a phone: each supplier is a card of lines there, the totals the last one.
    phone ? (
      <Flex vertical gap={12} data-testid="settlement-cards">
        {settlement.suppliers.map((row) => (
          <Card key={row.supplierId} size="small" title={row.supplierName} data-testid="settlement-card">
            {figureLines(row, rate(row))}
          </Card>
        ))}
        <Card size="small" title={t('reports.settlement.totals')} data-testid="settlement-totals">
          {figureLines(settlement.totals)}
        </Card>
      </Flex>
    ) : (
      <ReportScroll label={t('reports.settlement.title')}>
        <Table<Row>
          rowKey="supplierId"
          columns={columns}
          dataSource={settlement.suppliers}
          pagination={false}
          size="small"
          loading={report.isFetching}
          summary={() => summary(settlement.totals)}
          data-testid="settlement-table"
        />
      </ReportScroll>
    );

  return (
    <div data-testid="supplier-settlement">
      <PageHeader
        title={t('reports.settlement.title')}
        subtitle={t('reports.settlement.subtitle')}
        actions={
          <ReportExports
            buttons={{
              csv: {
                label: t('reports.settlement.export'),
                failedText: t('reports.settlement.exportFailed'),
                testId: 'settlement-export',
              },
              xlsx: {
                label: t('reports.settlement.exportXlsx'),
                failedText: t('reports.settlement.exportXlsxFailed'),
                testId: 'settlement-export-xlsx',
              },
            }}
            download={(format) =>
              downloadSupplierSettlement(
                from,
                to,
                format,
                format === 'csv'
                  ? t('reports.settlement.csvFileName', { from, to })
                  : t('reports.settlement.xlsxFileName', { from, to }),
              )
            }
            disabled={!data?.suppliers.length}
          />
        }
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <PeriodPicker period={period} testId="settlement" />
      </Flex>
      <ReportStates
        query={report}
        data={data}
        empty={!data?.suppliers.length}
        loadFailed={t('reports.settlement.loadFailed')}
        emptyText={t('reports.settlement.empty')}
        testIdPrefix="settlement"
        skeletonRows={6}
      >
        {(shown) => <Card styles={{ body: { padding: 16 } }}>{table(shown)}</Card>}
      </ReportStates>
    </div>
  );
}
