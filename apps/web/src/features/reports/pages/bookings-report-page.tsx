import { type BookingsReport, bookableProductTypes } from '@mostrador/contract';
import { Flex, Grid, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PeriodPicker, useUrlPeriod } from '../../../components/period-picker';
import {
  CellText,
  FigureCards,
  reportMoney as money,
  ReportScroll,
  ReportSection,
  ReportStates,
  ShareBar,
} from '../../../components/report-parts';
import { formatNumber, formatRate } from '../../../lib/format';
import { reportPeriod } from '../../../lib/period';
import { useCalendarOptions, useProductList } from '../../products/api';
import { useCompanySettings } from '../../session/api';
import { type BookingsReportParams, downloadBookingsReport, useBookingsReport } from '../api';
import { BusyHoursHeatmap } from '../components/busy-hours-heatmap';
import { ReportExports } from '../components/report-exports';
import { placeHours } from '../components/report-format';

type CalendarRow = BookingsReport['calendars'][number];
type ProductRow = BookingsReport['rows'][number];

const idOf = (raw: string | null): number | undefined => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * Bookings of a period (company days; cancelled ones apart) with their attendance, each calendar's
 * occupancy (booked place-hours over those it offered), per calendar and product, and the busiest hours;
 * filtered by calendar and product, all in the URL (`?from=&to=&calendarId=&productId=`), and the server's
 * CSV and XLSX of the same.
 */
export function BookingsReportPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const period = useUrlPeriod(timeZone, reportPeriod);
  const { from, to, params, setParams } = period;
  const calendarId = idOf(params.get('calendarId'));
  const productId = idOf(params.get('productId'));
  const query: BookingsReportParams = { from, to, calendarId, productId };
  const report = useBookingsReport(query);
  const data = report.data?.from === from && report.data?.to === to ? report.data : undefined;
  const calendars = useCalendarOptions(true);
  const products = useProductList({
    page: 1,
    limit: 500,
    filters: { type: { in: [...bookableProductTypes] } },
    orders: { name: 'asc' },
  });
  const phone = !Grid.useBreakpoint().sm;
  const rate = (value: number | null) => (value === null ? t('common.noValue') : formatRate(value));
  const count = (value: number) => <span style={money}>{formatNumber(value)}</span>;

  const attendanceColumns = <T extends ProductRow | CalendarRow>(): TableColumnsType<T> => [
    {
      key: 'bookings',
      title: t('reports.bookings.bookings'),
      align: 'right',
      render: (_v, row) => count(row.bookings),
    },
    {
      key: 'places',
      title: t('reports.bookings.places'),
      align: 'right',
      render: (_v, row) => count(row.places),
    },
    {
      key: 'attended',
      title: t('reports.bookings.attended'),
      align: 'right',
      render: (_v, row) => count(row.attended),
    },
    {
      key: 'notAttended',
      title: t('reports.bookings.notAttended'),
      align: 'right',
      render: (_v, row) => count(row.notAttended),
    },
    {
      key: 'unmarked',
      title: t('reports.bookings.unmarked'),
      align: 'right',
      render: (_v, row) => count(row.unmarked),
    },
    {
      key: 'cancelled',
      title: t('reports.bookings.cancelled'),
      align: 'right',
      render: (_v, row) => count(row.cancelled),
    },
    {
      key: 'attendanceRate',
      title: t('reports.bookings.attendanceRate'),
      align: 'right',
      render: (_v, row) => <span style={money}>{rate(row.attendanceRate)}</span>,
    },
    {
      key: 'noShowRate',
      title: t('reports.bookings.noShowRate'),
      align: 'right',
      render: (_v, row) => <span style={money}>{rate(row.noShowRate)}</span>,
    },
  ];

  const calendarColumns: TableColumnsType<CalendarRow> = [
    {
      key: 'calendar',
      title: t('reports.bookings.calendar'),
      render: (_v, row) => (
        <CellText strong minWidth={110}>
          {row.calendarName}
        </CellText>
      ),
    },
    {
      key: 'occupancy',
      title: t('reports.bookings.occupancy'),
      align: 'right',
      render: (_v, row) => <ShareBar share={row.occupancy} text={rate(row.occupancy)} />,
    },
    {
      key: 'offered',
      title: t('reports.bookings.offeredHours'),
      align: 'right',
      render: (_v, row) => count(placeHours(row.offeredPlaceMinutes)),
    },
    {
      key: 'booked',
      title: t('reports.bookings.bookedHours'),
      align: 'right',
      render: (_v, row) => count(placeHours(row.bookedPlaceMinutes)),
    },
    ...attendanceColumns<CalendarRow>().filter((c) => c.key !== 'noShowRate'),
  ];

  const productColumns: TableColumnsType<ProductRow> = [
    {
      key: 'calendar',
      title: t('reports.bookings.calendar'),
      render: (_v, row) => <CellText minWidth={100}>{row.calendarName}</CellText>,
    },
    {
      key: 'product',
      title: t('reports.bookings.product'),
      render: (_v, row) => (
        <CellText strong minWidth={150}>
          {row.productName}
        </CellText>
      ),
    },
    ...attendanceColumns<ProductRow>(),
  ];

  const totals = data?.totals;
  const figures = [
    {
      key: 'bookings',
      title: t('reports.bookings.bookings'),
      value: totals ? formatNumber(totals.bookings) : '',
    },
    { key: 'places', title: t('reports.bookings.places'), value: totals ? formatNumber(totals.places) : '' },
    {
      key: 'attendanceRate',
      title: t('reports.bookings.attendanceRate'),
      value: totals ? rate(totals.attendanceRate) : '',
      hint: totals
        ? t('reports.bookings.attendedOfMarked', {
            attended: formatNumber(totals.attended),
            marked: formatNumber(totals.attended + totals.notAttended),
          })
        : undefined,
    },
    {
      key: 'noShowRate',
      title: t('reports.bookings.noShowRate'),
      value: totals ? rate(totals.noShowRate) : '',
    },
    {
      key: 'occupancy',
      title: t('reports.bookings.occupancy'),
      value: totals ? rate(totals.occupancy) : '',
      hint: totals
        ? t('reports.bookings.bookedOfOffered', {
            booked: formatNumber(placeHours(totals.bookedPlaceMinutes)),
            offered: formatNumber(placeHours(totals.offeredPlaceMinutes)),
          })
        : undefined,
    },
  ];

  // Nothing booked and no calendar to offer places: nothing to show.
  const empty = !!data && !data.rows.length && !data.calendars.length;

  const body = (shown: BookingsReport) => (
    <>
      <ReportSection title={t('reports.bookings.byCalendar')} testId="bookings-report-calendars">
        <ReportScroll label={t('reports.bookings.byCalendar')}>
          <Table<CalendarRow>
            rowKey="calendarId"
            columns={calendarColumns}
            dataSource={shown.calendars}
            pagination={false}
            size="small"
            loading={report.isFetching}
            data-testid="bookings-report-calendar-table"
          />
        </ReportScroll>
      </ReportSection>
      <ReportSection title={t('reports.bookings.byProduct')} testId="bookings-report-products">
        <ReportScroll label={t('reports.bookings.byProduct')}>
          <Table<ProductRow>
            rowKey={(row) => `${row.calendarId}-${row.productId}`}
            columns={productColumns}
            dataSource={shown.rows}
            pagination={shown.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            size="small"
            loading={report.isFetching}
            locale={{ emptyText: t('reports.bookings.noBookings') }}
            data-testid="bookings-report-product-table"
          />
        </ReportScroll>
      </ReportSection>
      <ReportSection title={t('reports.bookings.heatmap.title')} testId="bookings-report-heatmap">
        {!shown.heatmap.length && (
          <Typography.Paragraph type="secondary">{t('reports.bookings.noBookings')}</Typography.Paragraph>
        )}
        <BusyHoursHeatmap cells={shown.heatmap} caption={t('reports.bookings.heatmap.caption')} />
      </ReportSection>
    </>
  );

  return (
    <div data-testid="bookings-report">
      <PageHeader
        title={t('reports.bookings.title')}
        subtitle={t('reports.bookings.subtitle')}
        actions={
          <ReportExports
            report="bookings"
            testId="bookings-report-export"
            disabled={!data}
            download={(format) =>
              downloadBookingsReport(
                query,
                format,
                `${t('reports.bookings.fileName', { from, to })}.${format}`,
              )
            }
          />
        }
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <PeriodPicker period={period} testId="bookings-report" />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={calendarId}
          placeholder={t('reports.bookings.allCalendars')}
          onChange={(value) => setParams({ calendarId: value === undefined ? null : String(value) })}
          options={(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          loading={calendars.isFetching}
          aria-label={t('reports.bookings.calendar')}
          style={{ width: phone ? '100%' : 220 }}
          data-testid="bookings-report-calendar"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={productId}
          placeholder={t('reports.bookings.allProducts')}
          onChange={(value) => setParams({ productId: value === undefined ? null : String(value) })}
          options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          loading={products.isFetching}
          aria-label={t('reports.bookings.product')}
          style={{ width: phone ? '100%' : 260 }}
          data-testid="bookings-report-product"
        />
      </Flex>
      <FigureCards
        figures={figures}
        loading={!data && !report.isError}
        testIdPrefix="bookings-report-total"
      />
      <ReportStates
        query={report}
        data={data}
        empty={empty}
        loadFailed={t('reports.bookings.loadFailed')}
        emptyText={t('reports.bookings.noBookings')}
        testIdPrefix="bookings-report"
        skeletonRows={8}
      >
        {body}
      </ReportStates>
    </div>
  );
}
