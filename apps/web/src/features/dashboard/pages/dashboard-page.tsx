import {
  CalculatorOutlined,
  CalendarOutlined,
  EuroOutlined,
  LoginOutlined,
  RollbackOutlined,
  ShoppingCartOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ComparedFigure, Dashboard } from '@mostrador/contract';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { PeriodPicker, useUrlPeriod } from '../../../components/period-picker';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros, formatRate } from '../../../lib/format';
import type { PeriodOptions } from '../../../lib/period';
import { MailHealthAlert } from '../../mails/components/mail-health-alert';
import { useCompanySettings, useOptionalCurrentUser } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useDashboard } from '../api';
import { CashRegisterState } from '../components/cash-register-state';
import { EarningsChart } from '../components/earnings-chart';
import { FigureCard, formatCount } from '../components/figure-card';
import { TodayAgenda } from '../components/today-agenda';

/**
 * The dashboard (`/`, also the open demo path `/one/backend/dashboard`): for a signed-in user, the
 * company's figures of a period against the same days last year, earnings by day or month, today's agenda
 * and the cash register; logged out, only a way to log in.
 */
export function DashboardPage() {
  const user = useOptionalCurrentUser();
  return user ? <CompanyDashboard name={user.name} /> : <LoggedOutDashboard />;
}

function LoggedOutDashboard() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Alert
        type="info"
        showIcon
        title={t('dashboard.loggedOut')}
        action={
          <ButtonLink to="/login" size="small" icon={<LoginOutlined aria-hidden />}>
            {t('dashboard.logIn')}
          </ButtonLink>
        }
        data-testid="dashboard-logged-out"
      />
    </>
  );
}

/**
 * The dashboard's periods, named in the URL (`?preset=`, counted from today so that a bookmark follows the
 * days), else `?from=&to=`; this month unless the URL says otherwise.
 */
const dashboardPeriod: PeriodOptions = {
  presets: ['today', 'thisWeek', 'thisMonth', 'thisYear'],
  fallback: 'thisMonth',
  url: 'preset',
};

/** One figure card in the grid: two a row on a tablet, three on a wide screen, stacked on a phone. */
const figureCol = { xs: 24, sm: 12, xl: 8 } as const;

function CompanyDashboard({ name }: { name: string }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const { timeZone } = useCompanySettings();
  const period = useUrlPeriod(timeZone, dashboardPeriod);
  // What the server will answer, known from the permissions (the contract's nulls), so that the screen
  // asks nothing when nothing is to be seen and draws skeletons only where parts will be.
  const expected = {
    sales: can('orders_find'),
    bookings: can('bookings_find'),
    customers: can('customers_find'),
    cash: can('cashRegisters_find'),
  };
  const anything = Object.values(expected).some(Boolean);
  const periodMatters = expected.sales || expected.bookings || expected.customers;
  const query = useDashboard(period.from, period.to, anything);
  const data = query.data;
  const current = data?.from === period.from && data?.to === period.to;

  return (
    <div data-testid="dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.greeting', { name })} />
      <MailHealthAlert />
      {periodMatters && (
        <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
          <Flex gap={12} wrap align="center" style={{ flex: '1 1 auto' }}>
            <PeriodPicker period={period} testId="dashboard" />
          </Flex>
          {data && current && (
            <Typography.Text type="secondary" data-testid="dashboard-compared-with">
              {t('dashboard.comparedWith', {
                from: dayjs(data.previousFrom).format('L'),
                to: dayjs(data.previousTo).format('L'),
              })}
            </Typography.Text>
          )}
        </Flex>
      )}
      {anything &&
        (data ? (
          <div
            aria-busy={!current}
            style={{ opacity: current ? 1 : 0.6, transition: 'opacity 0.2s' }}
            data-testid="dashboard-figures"
            data-from={data.from}
            data-to={data.to}
          >
            <DashboardParts data={data} timeZone={timeZone} />
          </div>
        ) : query.isError ? (
          <LoadFailed error={query.error} retry={() => void query.refetch()} />
        ) : (
          <DashboardSkeleton expected={expected} />
        ))}
    </div>
  );
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (
    <Alert
      type="error"
      showIcon
      title={t('dashboard.loadFailed')}
      description={isApiError(error) ? errorMessage(error) : undefined}
      action={
        <Button size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
      data-testid="dashboard-error"
    />
  );
}

/** Placeholders where the parts the user may see will be. */
function DashboardSkeleton({
  expected,
}: {
  expected: Record<'sales' | 'bookings' | 'customers' | 'cash', boolean>;
}) {
  const cards = (expected.sales ? 4 : 0) + (expected.bookings ? 1 : 0) + (expected.customers ? 1 : 0);
  return (
    <div data-testid="dashboard-loading">
      <Row gutter={[16, 16]}>
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Col key={i} {...figureCol}>
            <Card loading />
          </Col>
        ))}
        {expected.sales && (
          <Col span={24}>
            <Card>
              <Skeleton active paragraph={{ rows: 8 }} />
            </Card>
          </Col>
        )}
        {expected.bookings && (
          <Col xs={24} lg={expected.cash ? 16 : 24}>
            <Card>
              <Skeleton active paragraph={{ rows: 5 }} />
            </Card>
          </Col>
        )}
        {expected.cash && (
          <Col xs={24} lg={expected.bookings ? 8 : 12}>
            <Card loading />
          </Col>
        )}
      </Row>
    </div>
  );
}

/** The parts of the answer, each only when the server gave it (the user may see it). */
function DashboardParts({ data, timeZone }: { data: Dashboard; timeZone: string }) {
  const { t } = useTranslation();
  const card = (
    key: 'earnings' | 'orders' | 'averageTicket' | 'refunds' | 'newCustomers',
    testId: string,
    icon: ReactNode,
    figure: ComparedFigure,
    format: (value: number) => string,
    neutral?: boolean,
  ) => ({
    key,
    node: (
      <FigureCard
        testId={testId}
        title={t(`dashboard.figures.${key}`)}
        icon={icon}
        figure={figure}
        format={format}
        neutral={neutral}
      />
    ),
  });
  const figures: { key: string; node: ReactNode }[] = [];
  if (data.sales) {
    const { earnings, orders, averageTicket, refunds } = data.sales;
    figures.push(
      card('earnings', 'earnings', <EuroOutlined aria-hidden />, earnings, formatEuros),
      card('orders', 'orders', <ShoppingCartOutlined aria-hidden />, orders, formatCount),
      card('averageTicket', 'average-ticket', <CalculatorOutlined aria-hidden />, averageTicket, formatEuros),
      // More refunds is no better and no worse: the change is not coloured.
      card('refunds', 'refunds', <RollbackOutlined aria-hidden />, refunds, formatEuros, true),
    );
  }
  if (data.bookings) figures.push({ key: 'bookings', node: <BookingsCard bookings={data.bookings} /> });
  if (data.newCustomers)
    figures.push(
      card('newCustomers', 'new-customers', <UserAddOutlined aria-hidden />, data.newCustomers, formatCount),
    );

  return (
    <Flex vertical gap={16}>
      {figures.length > 0 && (
        <Row gutter={[16, 16]}>
          {figures.map(({ key, node }) => (
            <Col key={key} {...figureCol}>
              {node}
            </Col>
          ))}
        </Row>
      )}
      {data.chart && <EarningsChart chart={data.chart} />}
      {(data.agenda || data.cashRegister) && (
        <Row gutter={[16, 16]}>
          {data.agenda && (
            <Col xs={24} lg={data.cashRegister ? 16 : 24}>
              <TodayAgenda agenda={data.agenda} timeZone={timeZone} />
            </Col>
          )}
          {data.cashRegister && (
            <Col xs={24} lg={data.agenda ? 8 : 12}>
              <CashRegisterState register={data.cashRegister} timeZone={timeZone} />
            </Col>
          )}
        </Row>
      )}
    </Flex>
  );
}

/** Bookings of the period with their attendance: attended, not attended, not yet marked, and the rate. */
function BookingsCard({ bookings }: { bookings: NonNullable<Dashboard['bookings']> }) {
  const { t } = useTranslation();
  const rate = bookings.attendanceRate;
  const rateText = (value: number | null) => (value === null ? t('common.noValue') : formatRate(value));
  const lines = [
    ['attended', t('dashboard.bookings.attended'), formatCount(bookings.attended)],
    ['notAttended', t('dashboard.bookings.notAttended'), formatCount(bookings.notAttended)],
    ['unmarked', t('dashboard.bookings.unmarked'), formatCount(bookings.unmarked)],
    ['cancelled', t('dashboard.bookings.cancelled'), formatCount(bookings.cancelled)],
  ] as const;
  const rateLine = t('dashboard.bookings.rateText', {
    rate: rateText(rate.current),
    previous: rateText(rate.previous),
  });
  return (
    <FigureCard
      testId="bookings"
      title={t('dashboard.figures.bookings')}
      icon={<CalendarOutlined aria-hidden />}
      figure={bookings.total}
      format={formatCount}
      details={{
        text: `${lines.map(([, label, value]) => `${label} ${value}`).join(', ')}. ${rateLine}`,
        node: (
          <Flex vertical gap={2} style={{ marginTop: 12 }} data-testid="dashboard-attendance">
            {lines.map(([key, label, value]) => (
              <Flex key={key} justify="space-between" gap={12} data-testid={`dashboard-bookings-${key}`}>
                <Typography.Text type="secondary">{label}</Typography.Text>
                <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Typography.Text>
              </Flex>
            ))}
            <Flex justify="space-between" gap={12} data-testid="dashboard-bookings-rate">
              <Typography.Text strong>{t('dashboard.bookings.rate')}</Typography.Text>
              <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
                {rateText(rate.current)}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ textAlign: 'end' }}>
              {t('dashboard.lastYear', { value: rateText(rate.previous) })}
            </Typography.Text>
          </Flex>
        ),
      }}
    />
  );
}
