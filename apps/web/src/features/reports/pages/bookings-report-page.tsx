import { type BookingsReport, bookableProductTypes } from '@mostrador/contract';
import { Flex, Grid, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PeriodPicker, useUrlPeriod } from '../../../components/period-picker';
import {
  CellText,
  FigureCards,
  reportMoney as money,
  ReportSection,
  ReportStates,
  reportCount,
  ShareBar,
} from '../../../components/report-parts';
import { figureColumn, type ReportColumn, ReportTable } from '../../../components/report-table';
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

  /** Each row's bookings and their attendance, counted, then as rates. */
  const attendanceColumns = <T extends ProductRow | CalendarRow>(): ReportColumn<T>[] => [
    ...(['bookings', 'places', 'attended', 'notAttended', 'unmarked', 'cancelled'] as const).map((key) =>
      figureColumn<T>(key, t(`reports.bookings.${key}`), (row) => reportCount(row[key])),
    ),
    figureColumn<T>('attendanceRate', t('reports.bookings.attendanceRate'), (row) => (
      <span style={money}>{rate(row.attendanceRate)}</span>
    )),
    figureColumn<T>('noShowRate', t('reports.bookings.noShowRate'), (row) => (
      <span style={money}>{rate(row.noShowRate)}</span>
    )),
  ];

  const calendarColumns: ReportColumn<CalendarRow>[] = [
    {
      key: 'calendar',
      title: t('reports.bookings.calendar'),
      phone: 'title',
      render: (row) => (
        <CellText strong minWidth={110}>
          {row.calendarName}
        </CellText>
      ),
    },
    figureColumn('occupancy', t('reports.bookings.occupancy'), (row) => (
      <ShareBar share={row.occupancy} text={rate(row.occupancy)} />
    )),
    figureColumn('offered', t('reports.bookings.offeredHours'), (row) =>
      reportCount(placeHours(row.offeredPlaceMinutes)),
    ),
    figureColumn('booked', t('reports.bookings.bookedHours'), (row) =>
      reportCount(placeHours(row.bookedPlaceMinutes)),
    ),
    ...attendanceColumns<CalendarRow>().filter((c) => c.key !== 'noShowRate'),
  ];

  const productColumns: ReportColumn<ProductRow>[] = [
    {
      key: 'calendar',
      title: t('reports.bookings.calendar'),
      phone: 'subtitle',
      render: (row) => <CellText minWidth={100}>{row.calendarName}</CellText>,
    },
    {
      key: 'product',
      title: t('reports.bookings.product'),
      phone: 'title',
      render: (row) => (
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
        <ReportTable<CalendarRow>
          label={t('reports.bookings.byCalendar')}
          columns={calendarColumns}
          rows={shown.calendars}
          rowKey={(row) => String(row.calendarId)}
          loading={report.isFetching}
          testId="bookings-report-calendar-table"
        />
      </ReportSection>
      <ReportSection title={t('reports.bookings.byProduct')} testId="bookings-report-products">
        <ReportTable<ProductRow>
          label={t('reports.bookings.byProduct')}
          columns={productColumns}
          rows={shown.rows}
          rowKey={(row) => `${row.calendarId}-${row.productId}`}
          loading={report.isFetching}
          emptyText={t('reports.bookings.noBookings')}
          testId="bookings-report-product-table"
        />
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
