import {
  type CashCount,
  type CashCountLine,
  type CashRegisterProductLine,
  type CashRegisterSummary,
  eurosToCents,
  formatCents,
} from '@mostrador/contract';
import { Card, Col, Descriptions, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { Difference } from './cash-count-form';

/** One of the four product-line tables, under a sticky header 500 px high (the spec's summary tables). */
function ProductLines({
  title,
  lines,
  testId,
}: {
  title: string;
  lines: CashRegisterProductLine[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} style={{ marginBottom: 12 }} data-testid={testId}>
      <Table<CashRegisterProductLine>
        size="small"
        rowKey={(line) => `${line.name}-${line.price}`}
        dataSource={lines}
        pagination={false}
        sticky
        scroll={{ y: 500, x: 'max-content' }}
        // In the text colour: the table's own placeholder grey fails WCAG AA contrast.
        locale={{ emptyText: <Typography.Text>{t('cashRegister.noLines')}</Typography.Text> }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('cashRegister.lines.name') },
          {
            key: 'price',
            dataIndex: 'price',
            title: t('cashRegister.lines.price'),
            align: 'right',
            render: (value: number) => formatEuros(value),
          },
          { key: 'quantity', dataIndex: 'quantity', title: t('cashRegister.lines.quantity'), align: 'right' },
          {
            key: 'amount',
            dataIndex: 'amount',
            title: t('cashRegister.lines.amount'),
            align: 'right',
            render: (value: number) => formatEuros(value),
          },
        ]}
      />
    </Card>
  );
}

/** A closed register's cash count: expected, counted, the difference in its colour, the notes and coins. */
export function CashCountView({ count }: { count: CashCount }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('cashRegister.count.title')}
      style={{ marginBottom: 16 }}
      data-testid="register-cash-count"
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'expected',
            label: t('cashRegister.count.expected'),
            children: formatEuros(count.expectedCash),
          },
          {
            key: 'counted',
            label: t('cashRegister.count.counted'),
            children: formatEuros(count.countedCash),
          },
          {
            key: 'difference',
            label: t('cashRegister.count.difference'),
            children: <Difference cents={eurosToCents(count.difference)} testId="register-cash-difference" />,
          },
        ]}
      />
      {count.denominations && count.denominations.length > 0 && (
        <Table<CashCountLine>
          size="small"
          rowKey="value"
          dataSource={count.denominations}
          pagination={false}
          style={{ marginTop: 8 }}
          columns={[
            {
              key: 'value',
              dataIndex: 'value',
              title: t('cashRegister.count.denomination'),
              render: (value: number) => formatEuros(value),
            },
            { key: 'count', dataIndex: 'count', title: t('cashRegister.count.units'), align: 'right' },
            {
              key: 'amount',
              title: t('cashRegister.count.subtotal'),
              align: 'right',
              render: (_: unknown, line: CashCountLine) => formatCents(eurosToCents(line.value) * line.count),
            },
          ]}
          data-testid="register-cash-denominations"
        />
      )}
    </Card>
  );
}

/** Every figure of an open (or closed) register: cash in the drawer first, then sales and refunds by method. */
export function RegisterSummary({ summary }: { summary: CashRegisterSummary }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const count = (n: number, amount: number) => `${n} · ${formatEuros(amount)}`;
  return (
    <div data-testid="register-summary">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12}>
          <Statistic
            title={t('cashRegister.currentCashAmount')}
            value={formatEuros(summary.currentCashAmount)}
            data-testid="current-cash"
          />
        </Col>
        <Col xs={24} sm={12}>
          <Statistic title={t('cashRegister.initialAmount')} value={formatEuros(summary.initialAmount)} />
        </Col>
      </Row>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'startsAt',
            label: t('cashRegister.startsAt'),
            children: formatDateTime(summary.startsAt, timeZone),
          },
          { key: 'username', label: t('cashRegister.openedBy'), children: summary.username ?? '—' },
          {
            key: 'orders',
            label: t('cashRegister.orders'),
            children: count(summary.ordersCount, summary.ordersAmount),
          },
          {
            key: 'refunds',
            label: t('cashRegister.refunds'),
            children: count(summary.refundsCount, summary.refundsAmount),
          },
          {
            key: 'cashOrders',
            label: t('cashRegister.cashOrders'),
            children: count(summary.cashOrdersCount, summary.cashOrdersAmount),
          },
          {
            key: 'cashRefunds',
            label: t('cashRegister.cashRefunds'),
            children: count(summary.cashRefundsCount, summary.cashRefundsAmount),
          },
          {
            key: 'cardOrders',
            label: t('cashRegister.cardOrders'),
            children: count(summary.cardOrdersCount, summary.cardOrdersAmount),
          },
          {
            key: 'cardRefunds',
            label: t('cashRegister.cardRefunds'),
            children: count(summary.cardRefundsCount, summary.cardRefundsAmount),
          },
        ]}
      />
      {summary.cashCount && <CashCountView count={summary.cashCount} />}
      <Typography.Title level={5}>{t('cashRegister.productLines')}</Typography.Title>
      <ProductLines
        title={t('cashRegister.productsSoldCash')}
        lines={summary.productsSoldCash}
        testId="sold-cash"
      />
      <ProductLines
        title={t('cashRegister.productsRefundCash')}
        lines={summary.productsRefundCash}
        testId="refund-cash"
      />
      <ProductLines
        title={t('cashRegister.productsSoldCard')}
        lines={summary.productsSoldCard}
        testId="sold-card"
      />
      <ProductLines
        title={t('cashRegister.productsRefundCard')}
        lines={summary.productsRefundCard}
        testId="refund-card"
      />
    </div>
  );
}
