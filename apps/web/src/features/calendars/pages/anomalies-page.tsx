import { PlusOutlined } from '@ant-design/icons';
import { type AnomalyListItem, anomalyTypes } from '@mostrador/contract';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/list-params';
import { RecordPage, useRecordId } from '../../../components/records/record-page';
import {
  exportWords,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useAnomalyList, useCalendar } from '../api';
import { AnomalyTypeBadge } from '../components/anomaly-type';
import { CalendarBreadcrumb } from '../components/calendar-breadcrumb';
import { DeleteAnomalyButton } from '../components/delete-anomaly-button';
import { calendarsPath, createAnomalyPath, fromListState } from '../navigation';
import { calendarTexts } from '../record-texts';

/** The anomalies of the calendar in the address (a module-level hook: ResourceTable calls it every render). */
function useCalendarAnomalies(params: ListParams) {
  return useAnomalyList(useRecordId() ?? 0, params);
}

function TypeFilter({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const type = filters.type?.eq as string | undefined;
  return (
    <Select<string>
      value={type ?? 'any'}
      onChange={(value) => setFilter('type', value === 'any' ? undefined : { eq: value })}
      prefix={t('anomalies.filters.typePrefix')}
      aria-label={t('anomalies.filters.type')}
      popupMatchSelectWidth={false}
      options={[
        { value: 'any', label: t('anomalies.filters.any') },
        ...anomalyTypes.map((value) => ({ value, label: t(`anomalies.types.${value}`) })),
      ]}
      style={{ minWidth: 160, maxWidth: '100%' }}
      data-testid="anomaly-filter-type"
    />
  );
}

function AnomalyList({ calendarId, calendarName }: { calendarId: number; calendarName?: string }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canCreate = can('bookingCalendarsScheduleAnomaly_create');
  const canDelete = can('bookingCalendarsScheduleAnomaly_delete');
  const when = (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(iso, timeZone)}</span>;

  /** A phone's row as a card: open or closed, from when to when, why. */
  const phoneCard = (item: AnomalyListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 180, maxWidth: 260 }} data-testid="anomaly-card">
      <span>
        <AnomalyTypeBadge type={item.type} />
      </span>
      <span>
        {when(item.startsAt)} – {when(item.endsAt)}
      </span>
      {item.reason && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: item.reason }} style={{ maxWidth: 240 }}>
          {item.reason}
        </Typography.Text>
      )}
    </Flex>
  );

  const columns: ResourceColumn<AnomalyListItem>[] = [
    { key: 'id', title: 'anomalies.fields.id', sortable: true, align: 'right' },
    {
      key: 'startsAt',
      title: 'anomalies.fields.startsAt',
      sortable: true,
      render: (item) => when(item.startsAt),
    },
    { key: 'endsAt', title: 'anomalies.fields.endsAt', sortable: true, render: (item) => when(item.endsAt) },
    {
      key: 'type',
      title: 'anomalies.fields.type',
      sortable: true,
      render: (item) => <AnomalyTypeBadge type={item.type} />,
      exportValues: exportWords(anomalyTypes, (code) => t(`anomalies.types.${code}`)),
    },
    {
      key: 'reason',
      title: 'anomalies.fields.reason',
      sortable: true,
      render: (item) =>
        item.reason ? (
          <Typography.Text ellipsis={{ tooltip: item.reason }} style={{ maxWidth: 360 }}>
            {item.reason}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('common.noValue')}</Typography.Text>
        ),
    },
  ];

  const rowActions = (item: AnomalyListItem) => (
    <DeleteAnomalyButton
      calendarId={calendarId}
      id={item.id}
      type={item.type}
      from={formatDateTime(item.startsAt, timeZone)}
      to={formatDateTime(item.endsAt, timeZone)}
    />
  );

  return (
    <>
      <CalendarBreadcrumb calendarId={calendarId} calendarName={calendarName} />
      <ResourceTable<AnomalyListItem>
        pageKey="anomalies"
        exportList="anomalies"
        exportScope={{ calendarId }}
        title={calendarName ? 'anomalies.titleOf' : 'anomalies.title'}
        titleParams={calendarName ? { name: calendarName } : undefined}
        countKey="anomalies.count"
        columns={columns}
        useList={useCalendarAnomalies}
        defaultSort={{ field: 'startsAt', order: 'asc' }}
        toolbar={(context) => <TypeFilter {...context} />}
        emptyText="anomalies.empty"
        primaryAction={
          canCreate
            ? {
                label: t('anomalies.create'),
                icon: <PlusOutlined aria-hidden />,
                to: createAnomalyPath(calendarId),
                state: fromListState,
                testId: 'create-anomaly',
              }
            : undefined
        }
        rowActions={canDelete ? rowActions : undefined}
        phoneCard={phoneCard}
      />
    </>
  );
}

/**
 * A calendar's exceptions: when it opens or closes outside its weekly schedule. Its name comes from the
 * calendar, which an employee who may only handle exceptions cannot read: he sees the list untitled.
 */
export function AnomaliesPage() {
  const id = useRecordId();
  const canFindCalendar = usePermissions()('bookingCalendars_find');
  const calendar = useCalendar(id, canFindCalendar);
  if (canFindCalendar || id === undefined) {
    return (
      <RecordPage
        id={id}
        query={calendar}
        texts={calendarTexts}
        listPath={calendarsPath}
        testId="calendar"
        skeleton={[8]}
      >
        {(found) => <AnomalyList key={found.id} calendarId={found.id} calendarName={found.name} />}
      </RecordPage>
    );
  }
  return <AnomalyList calendarId={id} />;
}
