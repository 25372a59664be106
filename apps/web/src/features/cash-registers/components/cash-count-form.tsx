import {
  type CashRegisterCloseBody,
  cashDenominations,
  denominationsCents,
  eurosToCents,
  formatCents,
} from '@mostrador/contract';
import { Col, Flex, Form, InputNumber, Row, Segmented, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/forms/decimal-input';

export type CountMode = 'denominations' | 'amount';

/** What the cashier has typed: how many of each note and coin, or one amount (euros). */
export interface CashCountValue {
  mode: CountMode;
  /** By the note's or coin's value in euros. */
  counts: Partial<Record<number, number | null>>;
  amount: number | null;
}

export const emptyCashCount: CashCountValue = { mode: 'denominations', counts: {}, amount: null };

/** The notes and coins typed, each with a count above 0, largest first. */
function countedLines(value: CashCountValue) {
  return cashDenominations
    .map((denomination) => ({ value: denomination, count: value.counts[denomination] ?? 0 }))
    .filter((line) => line.count > 0);
}

/** The cash counted in cents; null while one amount is asked for and not typed yet. */
export function countedCents(value: CashCountValue): number | null {
  if (value.mode === 'amount') return value.amount === null ? null : eurosToCents(value.amount);
  return denominationsCents(countedLines(value));
}

/** The close's body: the notes and the count as typed (note by note, or the one amount). */
export function closeBodyOf(value: CashCountValue, notes: string): CashRegisterCloseBody {
  return value.mode === 'amount'
    ? { notes, countedCash: value.amount ?? undefined }
    : { notes, denominations: countedLines(value) };
}

/** The difference in the colour it means: red when cash is missing, green when there is more. */
export function Difference({ cents, testId }: { cents: number; testId?: string }) {
  const { t } = useTranslation();
  const type = cents < 0 ? 'danger' : cents > 0 ? 'success' : undefined;
  const label = cents < 0 ? 'short' : cents > 0 ? 'over' : 'balanced';
  return (
    <Typography.Text type={type} strong data-testid={testId} data-difference={label}>
      {`${cents > 0 ? '+' : ''}${formatCents(cents)}`} · {t(`cashRegister.count.${label}`)}
    </Typography.Text>
  );
}

/**
 * The drawer's count when closing: the cash expected, then note by note (a grid of the euro notes and
 * coins, each with its subtotal) or one amount, and live the counted total and its difference.
 */
export function CashCountForm({
  expectedCash,
  value,
  onChange,
  error,
}: {
  /** Euros, as the summary answers them. */
  expectedCash: number;
  value: CashCountValue;
  onChange: (value: CashCountValue) => void;
  /** Said under the amount when closing without one. */
  error?: string;
}) {
  const { t } = useTranslation();
  const expectedCents = eurosToCents(expectedCash);
  const counted = countedCents(value);
  const setCount = (denomination: number, count: number | null) =>
    onChange({ ...value, counts: { ...value.counts, [denomination]: count } });

  return (
    <div data-testid="cash-count">
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col xs={12}>
          <Statistic
            title={t('cashRegister.count.expected')}
            value={formatCents(expectedCents)}
            data-testid="cash-count-expected"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('cashRegister.count.expectedHelp')}
          </Typography.Text>
        </Col>
        <Col xs={12}>
          <Statistic
            title={t('cashRegister.count.counted')}
            value={counted === null ? '—' : formatCents(counted)}
            data-testid="cash-count-counted"
          />
          <div aria-live="polite">
            {counted !== null && (
              <Difference cents={counted - expectedCents} testId="cash-count-difference" />
            )}
          </div>
        </Col>
      </Row>
      <Form.Item label={t('cashRegister.count.mode')} style={{ marginBottom: 12 }}>
        <Segmented<CountMode>
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode })}
          options={[
            { value: 'denominations', label: t('cashRegister.count.byDenomination') },
            { value: 'amount', label: t('cashRegister.count.oneAmount') },
          ]}
          data-testid="cash-count-mode"
        />
      </Form.Item>
      {value.mode === 'amount' ? (
        <Form.Item
          label={t('cashRegister.count.amountLabel')}
          htmlFor="counted-cash"
          required
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <DecimalInput
            id="counted-cash"
            min={0}
            step={1}
            suffix="€"
            value={value.amount}
            onChange={(amount) => onChange({ ...value, amount: amount ?? null })}
            autoFocus
            data-testid="counted-cash"
          />
        </Form.Item>
      ) : (
        <Row gutter={[16, 6]} role="group" aria-label={t('cashRegister.count.byDenomination')}>
          {cashDenominations.map((denomination) => {
            const name = formatCents(eurosToCents(denomination));
            const count = value.counts[denomination] ?? null;
            return (
              <Col xs={24} sm={12} key={denomination}>
                <Flex align="center" gap={8}>
                  <Typography.Text style={{ width: 76, textAlign: 'right', flex: 'none' }}>
                    {name}
                  </Typography.Text>
                  <InputNumber<number>
                    min={0}
                    max={100_000}
                    precision={0}
                    value={count}
                    onChange={(next) => setCount(denomination, next)}
                    aria-label={t('cashRegister.count.countOf', { value: name })}
                    style={{ width: 80, flex: 'none' }}
                    data-testid={`count-${denomination}`}
                  />
                  <Typography.Text type="secondary" style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                    {count ? formatCents(eurosToCents(denomination) * count) : ''}
                  </Typography.Text>
                </Flex>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
