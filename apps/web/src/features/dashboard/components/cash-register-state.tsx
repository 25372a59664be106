import type { Dashboard } from '@mostrador/contract';
import { Card, Flex, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../../components/palette-tag';
import { dayjs } from '../../../lib/dayjs';
import { formatDateTime, formatEuros, formatNumber, formatTime } from '../../../lib/format';

type CashRegister = NonNullable<Dashboard['cashRegister']>;

/**
 * The cash register now: open since when (the time, or the day and time when it was opened before
 * today), with the cash in the drawer and the sales it has taken so far; or closed.
 */
export function CashRegisterState({ register, timeZone }: { register: CashRegister; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const openedToday =
    !!register.startsAt &&
    dayjs(register.startsAt).tz(timeZone).format('YYYY-MM-DD') === dayjs().tz(timeZone).format('YYYY-MM-DD');
  const since = openedToday
    ? formatTime(register.startsAt, timeZone)
    : formatDateTime(register.startsAt, timeZone);
  return (
    <Card data-testid="dashboard-cash-register" data-open={register.open}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {t('dashboard.cash.title')}
        </Typography.Title>
        {register.open ? (
          <PaletteTag palette="green" testId="dashboard-cash-state" dataStatus="open">
            {t('dashboard.cash.openSince', { time: since })}
          </PaletteTag>
        ) : (
          <PaletteTag palette={undefined} testId="dashboard-cash-state" dataStatus="closed">
            {t('dashboard.cash.closed')}
          </PaletteTag>
        )}
      </Flex>
      {register.open ? (
        <Flex gap={24} wrap>
          <Statistic
            title={t('dashboard.cash.drawer')}
            value={formatEuros(register.currentCashAmount ?? 0)}
            data-testid="dashboard-cash-drawer"
          />
          <Statistic
            title={t('dashboard.cash.orders')}
            value={formatNumber(register.ordersCount ?? 0)}
            data-testid="dashboard-cash-orders"
          />
          <Statistic
            title={t('dashboard.cash.sold')}
            value={formatEuros(register.ordersAmount ?? 0)}
            data-testid="dashboard-cash-sold"
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('dashboard.cash.closedText')}</Typography.Text>
      )}
    </Card>
  );
}
