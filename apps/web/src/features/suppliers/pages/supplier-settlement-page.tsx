import type { SupplierSettlement } from '@mostrador/contract';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PeriodPicker, useUrlPeriod } from '../../../components/period-picker';
import {
  reportMoney as money,
  ReportStates,
  reportCount,
  reportEuros,
} from '../../../components/report-parts';
import {
  figureColumn,
  type ReportColumn,
  ReportTable,
  type ReportTotals,
} from '../../../components/report-table';
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

  const rate = (row: Row) => {
    if (row.commissionType === null || row.commissionQuantity === null) return t('common.noValue');
    return row.commissionType === 'percentage'
      ? formatPercentage(row.commissionQuantity)
      : t('suppliers.perUnit', { amount: formatEuros(row.commissionQuantity) });
  };

  const columns: ReportColumn<Row>[] = [
    {
      key: 'supplier',
      title: t('reports.settlement.supplier'),
      phone: 'title',
      render: (row) => <Typography.Text strong>{row.supplierName}</Typography.Text>,
    },
    figureColumn('rate', t('reports.settlement.rate'), (row) => (
      <span style={{ whiteSpace: 'nowrap' }}>{rate(row)}</span>
    )),
    figureColumn('units', t('reports.settlement.units'), (row) => reportCount(row.units)),
    figureColumn('sales', t('reports.settlement.sales'), (row) => reportEuros(row.sales)),
    figureColumn('commission', t('reports.settlement.commission'), (row) => reportEuros(row.commission)),
    figureColumn('payable', t('reports.settlement.payable'), (row) => reportEuros(row.payable, true)),
  ];

  const totals = (figures: SupplierSettlement['totals']): ReportTotals => ({
    label: t('reports.settlement.totals'),
    cells: {
      units: (
        <Typography.Text strong style={money}>
          {formatNumber(figures.units)}
        </Typography.Text>
      ),
      sales: reportEuros(figures.sales, true),
      commission: reportEuros(figures.commission, true),
      payable: reportEuros(figures.payable, true),
    },
    testId: 'settlement-totals',
  });

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
        {(shown) => (
          <Card styles={{ body: { padding: 16 } }}>
            <ReportTable<Row>
              label={t('reports.settlement.title')}
              columns={columns}
              rows={shown.suppliers}
              rowKey={(row) => String(row.supplierId)}
              loading={report.isFetching}
              totals={totals(shown.totals)}
              testId="settlement-table"
            />
          </Card>
        )}
      </ReportStates>
    </div>
  );
}
