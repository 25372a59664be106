import { EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { type CashRegisterListItem, eurosToCents } from '@mostrador/contract';
import {
  Alert,
  App,
  Badge,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Select,
  Skeleton,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import {
  DayRangeFilter,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { formatDateTime, formatEuros, formatNumber } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { downloadRegisterReport } from '../api';
import { Difference } from '../components/cash-count-form';
import { RegisterSummary } from '../components/register-summary';
import { useCashRegister, useCashRegisterList } from '../history-api';

type State = 'any' | 'open' | 'closed';

/** Filters by the opening date (the company's local days) and whether the register is still open. */
function RegisterFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const endDate = filters.endDate;
  const state: State = endDate?.isNull === true ? 'open' : endDate?.isNull === false ? 'closed' : 'any';
  return (
    <>
      <DayRangeFilter
        filters={filters}
        setFilter={setFilter}
        field="startsAt"
        label={t('cashRegisterHistory.filters.dates')}
        placeholder={[t('cashRegisterHistory.filters.from'), t('cashRegisterHistory.filters.to')]}
        testId="register-filter-dates"
      />
      <Select<State>
        value={state}
        onChange={(choice) =>
          setFilter('endDate', choice === 'any' ? undefined : { isNull: choice === 'open' })
        }
        prefix={t('cashRegisterHistory.filters.statePrefix')}
        aria-label={t('cashRegisterHistory.filters.state')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('cashRegisterHistory.filters.any') },
          { value: 'open', label: t('cashRegisterHistory.state.open') },
          { value: 'closed', label: t('cashRegisterHistory.state.closed') },
        ]}
        style={{ minWidth: 160, maxWidth: '100%' }}
        data-testid="register-filter-state"
      />
    </>
  );
}

/** Downloads the closing report; disabled, with the reason, until the register has one. */
function ReportButton({
  register,
  labelled = false,
}: {
  register: Pick<CashRegisterListItem, 'id' | 'startsAt' | 'endDate' | 'reportFileId'>;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const [busy, setBusy] = useState(false);
  const date = formatDateTime(register.startsAt, timeZone);
  const fileId = register.reportFileId;
  const download = async () => {
    if (fileId === null) return;
    setBusy(true);
    try {
      // The name the closing dialog gives it: one report, one name.
      await downloadRegisterReport(register, timeZone);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const why =
    fileId !== null
      ? t('cashRegisterHistory.report')
      : register.endDate === null
        ? t('cashRegisterHistory.reportPending')
        : t('cashRegisterHistory.reportMissing');
  return (
    <Tooltip title={why}>
      <Button
        type={labelled ? 'default' : 'text'}
        icon={<FilePdfOutlined aria-hidden />}
        aria-label={labelled ? undefined : t('cashRegisterHistory.reportNamed', { date })}
        disabled={fileId === null}
        loading={busy}
        onClick={() => void download()}
        data-testid="register-report"
      >
        {labelled ? t('cashRegisterHistory.report') : undefined}
      </Button>
    </Tooltip>
  );
}

/** A register's full summary, read-only: when and who, the closing notes, then every figure. */
function RegisterDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { timeZone } = useCompanySettings();
  const errorMessage = useErrorMessage();
  const register = useCashRegister(id);
  const data = register.data;
  // Read-only, so nothing in it takes the focus: the scrolling body does, for keyboard users.
  const focusableBody = (node: HTMLDivElement | null) => {
    node?.closest('.ant-drawer-body')?.setAttribute('tabindex', '0');
  };
  return (
    <Drawer
      open
      onClose={onClose}
      title={
        data
          ? t('cashRegisterHistory.detailTitle', { date: formatDateTime(data.startsAt, timeZone) })
          : t('cashRegister.summaryTitle')
      }
      size={screens.md ? 720 : '100%'}
      footer={data ? <ReportButton register={data} labelled /> : undefined}
      destroyOnHidden
      data-testid="register-drawer"
    >
      <div ref={focusableBody}>
        {register.isError && !data ? (
          <Alert
            type="error"
            showIcon
            title={t('cashRegister.loadFailed')}
            description={errorMessage(register.error)}
            action={
              <Button size="small" onClick={() => void register.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Descriptions
              size="small"
              bordered
              column={1}
              style={{ marginBottom: 16 }}
              items={[
                {
                  key: 'state',
                  label: t('cashRegisterHistory.fields.state'),
                  children: <StateBadge endDate={data.endDate} />,
                },
                {
                  key: 'endDate',
                  label: t('cashRegisterHistory.fields.endDate'),
                  children: data.endDate ? formatDateTime(data.endDate, timeZone) : t('common.noValue'),
                },
                {
                  key: 'notes',
                  label: t('cashRegister.closingNotes'),
                  children: data.notes ? (
                    <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{data.notes}</Typography.Text>
                  ) : (
                    t('common.noValue')
                  ),
                },
              ]}
            />
            <RegisterSummary summary={data} />
          </>
        )}
      </div>
    </Drawer>
  );
}

function StateBadge({ endDate }: { endDate: string | null }) {
  const { t } = useTranslation();
  return endDate === null ? (
    <Badge status="processing" text={t('cashRegisterHistory.state.open')} />
  ) : (
    <Badge status="default" text={t('cashRegisterHistory.state.closed')} />
  );
}

const euros = (key: keyof CashRegisterListItem & string, title: string, defaultHidden = false) =>
  ({
    key,
    title,
    sortable: true,
    align: 'right',
    defaultHidden,
    render: (item: CashRegisterListItem) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(item[key] as number)}</span>
    ),
  }) satisfies ResourceColumn<CashRegisterListItem>;
const count = (key: keyof CashRegisterListItem & string, title: string, defaultHidden = false) =>
  ({
    key,
    title,
    sortable: true,
    align: 'right',
    defaultHidden,
    render: (item: CashRegisterListItem) => formatNumber(item[key] as number),
  }) satisfies ResourceColumn<CashRegisterListItem>;

/** The history of cash registers with their figures, latest opened first; each opens its summary. */
export function CashRegistersPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const [openId, setOpenId] = useState<number | undefined>();

  /** A phone's row as a card: when it opened (to open it), who, when it closed, what it took, the count. */
  const phoneCard = (item: CashRegisterListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 200 }} data-testid="register-card">
      <Button
        type="link"
        style={{ padding: 0, height: 'auto', fontWeight: 600, alignSelf: 'start' }}
        onClick={() => setOpenId(item.id)}
      >
        {formatDateTime(item.startsAt, timeZone)}
      </Button>
      <Typography.Text type="secondary">{item.username}</Typography.Text>
      <span>
        {t('cashRegisterHistory.fields.ordersAmount')}: {formatEuros(item.ordersAmount)}
      </span>
      {item.endDate ? (
        <Typography.Text type="secondary">
          {t('cashRegisterHistory.fields.endDate')}: {formatDateTime(item.endDate, timeZone)}
        </Typography.Text>
      ) : (
        <StateBadge endDate={null} />
      )}
      {item.cashCount && (
        <span>
          {t('cashRegisterHistory.fields.cashDifference')}:{' '}
          <Difference cents={eurosToCents(item.cashCount.difference)} />
        </span>
      )}
    </Flex>
  );

  const columns: ResourceColumn<CashRegisterListItem>[] = [
    { key: 'id', title: 'cashRegisterHistory.fields.id', sortable: true, align: 'right' },
    {
      key: 'startsAt',
      title: 'cashRegisterHistory.fields.startsAt',
      sortable: true,
      render: (item) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpenId(item.id)}>
          {formatDateTime(item.startsAt, timeZone)}
        </Button>
      ),
    },
    {
      key: 'endDate',
      title: 'cashRegisterHistory.fields.endDate',
      sortable: true,
      render: (item) =>
        item.endDate ? (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.endDate, timeZone)}</span>
        ) : (
          <StateBadge endDate={null} />
        ),
    },
    { key: 'username', title: 'cashRegisterHistory.fields.username', sortable: true },
    euros('initialAmount', 'cashRegisterHistory.fields.initialAmount'),
    count('ordersCount', 'cashRegisterHistory.fields.ordersCount'),
    euros('ordersAmount', 'cashRegisterHistory.fields.ordersAmount'),
    count('refundsCount', 'cashRegisterHistory.fields.refundsCount'),
    euros('refundsAmount', 'cashRegisterHistory.fields.refundsAmount'),
    euros('currentCashAmount', 'cashRegisterHistory.fields.currentCashAmount'),
    {
      key: 'countedCash',
      title: 'cashRegisterHistory.fields.countedCash',
      sortable: true,
      align: 'right',
      defaultHidden: true,
      // Read from the close's `cashCount`, no field of the list's item: not in the export.
      exported: false,
      render: (item) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {item.cashCount ? formatEuros(item.cashCount.countedCash) : t('common.noValue')}
        </span>
      ),
    },
    {
      key: 'cashDifference',
      title: 'cashRegisterHistory.fields.cashDifference',
      sortable: true,
      align: 'right',
      exported: false,
      render: (item) =>
        item.cashCount ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Difference cents={eurosToCents(item.cashCount.difference)} />
          </span>
        ) : (
          t('common.noValue')
        ),
    },
    count('cashOrdersCount', 'cashRegisterHistory.fields.cashOrdersCount', true),
    euros('cashOrdersAmount', 'cashRegisterHistory.fields.cashOrdersAmount', true),
    count('cashRefundsCount', 'cashRegisterHistory.fields.cashRefundsCount', true),
    euros('cashRefundsAmount', 'cashRegisterHistory.fields.cashRefundsAmount', true),
    count('cardOrdersCount', 'cashRegisterHistory.fields.cardOrdersCount', true),
    euros('cardOrdersAmount', 'cashRegisterHistory.fields.cardOrdersAmount', true),
    count('cardRefundsCount', 'cashRegisterHistory.fields.cardRefundsCount', true),
    euros('cardRefundsAmount', 'cashRegisterHistory.fields.cardRefundsAmount', true),
  ];

  const rowActions = (item: CashRegisterListItem) => {
    const date = formatDateTime(item.startsAt, timeZone);
    return (
      <Space size={4}>
        <ReportButton register={item} />
        <Tooltip title={t('cashRegisterHistory.view')}>
          <Button
            type="text"
            icon={<EyeOutlined aria-hidden />}
            aria-label={t('cashRegisterHistory.viewNamed', { date })}
            onClick={() => setOpenId(item.id)}
            data-testid="register-view"
          />
        </Tooltip>
      </Space>
    );
  };

  return (
    <>
      <ResourceTable<CashRegisterListItem>
        pageKey="cashRegisters"
        exportList="cashRegisters"
        title="cashRegisterHistory.title"
        countKey="cashRegisterHistory.count"
        columns={columns}
        useList={useCashRegisterList}
        defaultSort={{ field: 'startsAt', order: 'desc' }}
        toolbar={(context) => <RegisterFilters {...context} />}
        emptyText="cashRegisterHistory.empty"
        rowActions={rowActions}
        phoneCard={phoneCard}
      />
      {openId !== undefined && <RegisterDrawer id={openId} onClose={() => setOpenId(undefined)} />}
    </>
  );
}
