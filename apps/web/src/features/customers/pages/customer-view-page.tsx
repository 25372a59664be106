import { CalendarOutlined, EditOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { type Customer, type CustomerSummary, formatCents, formatPhone } from '@mostrador/contract';
import {
  Avatar,
  Card,
  Col,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Row,
  Statistic,
  Tabs,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { dayjs } from '../../../lib/dayjs';
import { formatDateTime } from '../../../lib/format';
import { newBookingForCustomerPath } from '../../bookings/components/bookings-header';
import { CustomerGiftVouchers } from '../../gift-vouchers/components/customer-gift-vouchers';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { CustomerSubscriptions } from '../../subscriptions/components/customer-subscriptions';
import { useCustomer, useCustomerSummary } from '../api';
import { CustomerBalances } from '../components/customer-balances';
import { CustomerBookings, CustomerOrders } from '../components/customer-history';
import { fullName } from '../customer-values';
import { customersPath, editCustomerPath, fromPageState, newOrderForCustomerPath } from '../navigation';
import { useCustomerFields } from '../use-customer-fields';

const texts: RecordTexts = {
  title: 'customers.profile.title',
  notFoundTitle: 'customers.notFoundTitle',
  notFound: 'customers.notFound',
  loadFailed: 'customers.loadFailed',
  backToList: 'customers.backToList',
};

/** The tabs of a customer's page, kept in the address (`?tab=`). */
const tabs = ['profile', 'bookings', 'orders', 'vouchers', 'subscriptions', 'balances'] as const;
type Tab = (typeof tabs)[number];

/** The figures under the customer's name: what they spent, their last visit and next booking, counts. */
function CustomerFigures({ summary }: { summary: CustomerSummary }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const { orders, bookings } = summary;
  const never = t('customers.profile.never');
  const cards: { key: string; title: string; value: string; detail: string }[] = [];
  if (orders)
    cards.push({
      key: 'spent',
      title: t('customers.profile.totalSpent'),
      value: formatCents(orders.totalSpentCents),
      detail: t('customers.profile.spentDetail', {
        orders: t('customers.profile.paidOrders', { count: orders.paidOrders }),
        refunds: t('customers.profile.refunds', { count: orders.refunds }),
      }),
    });
  if (bookings)
    cards.push(
      {
        key: 'lastVisit',
        title: t('customers.profile.lastVisit'),
        value: bookings.lastVisit ? formatDateTime(bookings.lastVisit, timeZone) : never,
        detail: t('customers.profile.attendedDetail', {
          attended: t('customers.profile.attended', { count: bookings.attended }),
          missed: t('customers.profile.missed', { count: bookings.notAttended }),
        }),
      },
      {
        key: 'nextBooking',
        title: t('customers.profile.nextBooking'),
        value: bookings.nextBooking
          ? formatDateTime(bookings.nextBooking, timeZone)
          : t('customers.profile.none'),
        detail: t('customers.profile.upcoming', { count: bookings.upcoming }),
      },
    );
  if (!cards.length) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="customer-figures">
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={8}>
          <Card size="small" data-testid={`customer-figure-${card.key}`}>
            <Statistic title={card.title} value={card.value} />
            <Typography.Text type="secondary">{card.detail}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Who the customer is: contact, company, personal data, address, notes and custom fields. */
function CustomerProfile({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { locale } = useCompanySettings();
  const fields = useCustomerFields();
  const wide = { xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 };
  const address = [
    [customer.street, customer.streetNumber].filter(Boolean).join(' '),
    [customer.postalCode, customer.city].filter(Boolean).join(' '),
    customer.state,
    customer.country,
  ]
    .filter(Boolean)
    .join(', ');
  const storedValue = (fieldId: number) =>
    customer.customFields.find((v) => v.customFieldId === fieldId)?.value;
  const shown = (value: string | null | undefined) => value || '—';
  const items: DescriptionsProps['items'] = [
    {
      key: 'phone',
      label: t('customers.fields.phone'),
      children: customer.phone ? (
        <a href={`tel:${customer.phone}`} style={{ whiteSpace: 'nowrap' }}>
          {formatPhone(customer.phone)}
        </a>
      ) : (
        '—'
      ),
    },
    {
      key: 'email',
      label: t('customers.fields.email'),
      children: customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—',
    },
    { key: 'company', label: t('customers.fields.company'), children: shown(customer.company) },
    { key: 'vat', label: t('customers.fields.vat'), children: shown(customer.vat) },
    {
      key: 'birthdate',
      label: t('customers.fields.birthdate'),
      children: customer.birthdate ? dayjs(customer.birthdate).format('L') : '—',
    },
    {
      key: 'gender',
      label: t('customers.fields.gender'),
      children: customer.gender ? t(`customers.genders.${customer.gender}`) : '—',
    },
    {
      key: 'language',
      label: t('customers.fields.language'),
      children: t(`languageNames.${customer.language ?? locale}`),
    },
    { key: 'address', label: t('customers.sections.address'), children: shown(address), span: 2 },
    ...fields.map((field) => {
      const value = storedValue(field.id);
      let text = value ?? '';
      if (field.type === 'boolean' && value) text = t(value === 'true' ? 'customers.yes' : 'customers.no');
      else if (field.type === 'date' && value) text = dayjs(value).format('L');
      return { key: `custom-${field.id}`, label: field.name, children: shown(text) };
    }),
    {
      key: 'notes',
      label: t('customers.fields.notes'),
      span: 'filled' as const,
      children: customer.notes ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {customer.notes}
        </Typography.Paragraph>
      ) : (
        '—'
      ),
    },
  ];
  return (
    <Card size="small">
      <Descriptions column={wide} items={items} size="small" data-testid="customer-profile" />
    </Card>
  );
}

function CustomerView({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const { token } = theme.useToken();
  const can = usePermissions();
  const summary = useCustomerSummary(customer.id);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const cameFromList = (location.state as { fromList?: unknown } | null)?.fromList === true;
  const canBookings = can('bookings_find');
  const canOrders = can('orders_find');
  const tabAllowed: Record<Tab, boolean> = {
    profile: true,
    bookings: canBookings,
    orders: canOrders,
    vouchers: can('giftVouchers_find'),
    subscriptions: can('subscriptions_find'),
    balances: true,
  };
  const available: Tab[] = tabs.filter((tab) => tabAllowed[tab]);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && available.includes(asked) ? asked : 'profile';
  const name = fullName(customer);
  const initials = [customer.name, customer.surname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();

  const actions = (
    <>
      {can('bookings_create') && (
        <ButtonLink
          icon={<CalendarOutlined aria-hidden />}
          to={newBookingForCustomerPath(customer.id)}
          data-testid="customer-new-booking"
        >
          {t('customers.profile.newBooking')}
        </ButtonLink>
      )}
      {can('orders_create') && (
        <ButtonLink
          type="primary"
          icon={<ShoppingCartOutlined aria-hidden />}
          to={newOrderForCustomerPath(customer.id)}
          data-testid="customer-new-order"
        >
          {t('customers.profile.newOrder')}
        </ButtonLink>
      )}
      {can('customers_edit') && (
        <ButtonLink
          icon={<EditOutlined aria-hidden />}
          to={editCustomerPath(customer.id)}
          state={fromPageState(cameFromList)}
          data-testid="customer-edit"
        >
          {t('customers.profile.edit')}
        </ButtonLink>
      )}
    </>
  );

  const subtitle = [
    customer.company,
    t('customers.createdOn', { date: formatDateTime(customer.createdAt, timeZone) }),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <Flex gap={16} align="flex-start">
        <Avatar
          size={48}
          aria-hidden
          style={{ color: token.colorPrimaryText, backgroundColor: token.colorPrimaryBg, flexShrink: 0 }}
        >
          {initials}
        </Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <PageHeader title={name} subtitle={subtitle} actions={actions} />
        </div>
      </Flex>
      {summary.data && <CustomerFigures summary={summary.data} />}
      <Tabs
        className="wrapping-tabs"
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (key === 'profile') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            // The address changes in place, keeping where the user came from.
            { replace: true, state: location.state },
          )
        }
        items={available.map((key) => ({
          key,
          label: t(`customers.profile.tabs.${key}`),
          children:
            key === 'profile' ? (
              <CustomerProfile customer={customer} />
            ) : key === 'bookings' ? (
              <CustomerBookings customerId={customer.id} />
            ) : key === 'vouchers' ? (
              <CustomerGiftVouchers customerId={customer.id} />
            ) : key === 'subscriptions' ? (
              <CustomerSubscriptions customerId={customer.id} />
            ) : key === 'balances' ? (
              <CustomerBalances customerId={customer.id} />
            ) : (
              <CustomerOrders customerId={customer.id} />
            ),
        }))}
        destroyOnHidden
        data-testid="customer-tabs"
      />
    </>
  );
}

/** `/customers/view/:id`: a customer's page, for the desk: who they are, their history, what comes next. */
export function CustomerViewPage() {
  const id = useRecordId();
  const query = useCustomer(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={texts}
      listPath={customersPath}
      testId="customer"
      skeleton={[2, 4]}
    >
      {(customer) => <CustomerView key={customer.id} customer={customer} />}
    </RecordPage>
  );
}
