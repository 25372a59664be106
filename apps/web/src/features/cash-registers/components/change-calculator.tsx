import { eurosToCents, formatCents } from '@mostrador/contract';
import { Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/forms/decimal-input';

/** The change for a cash payment in cents: what was given less the total; negative while short. */
export function changeCents(totalCents: number, givenCents: number): number {
  return givenCents - totalCents;
}

/**
 * A cash sale's change: the cashier types the amount the customer hands over and reads the change to
 * give back (or what is still to pay), in integer cents. Nothing of it is saved with the order.
 */
export function ChangeCalculator({ totalCents }: { totalCents: number }) {
  const { t } = useTranslation();
  const [given, setGiven] = useState<number | null>(null);
  const change = given === null ? null : changeCents(totalCents, eurosToCents(given));
  return (
    <div data-testid="change-calculator">
      <Form.Item
        label={t('cashRegister.change.given')}
        htmlFor="change-given"
        extra={t('cashRegister.change.help')}
        style={{ marginBottom: 8 }}
      >
        <DecimalInput
          id="change-given"
          min={0}
          step={5}
          suffix="€"
          value={given}
          onChange={(value) => setGiven(value ?? null)}
          // Enter here reads the change; it does not save the order.
          onPressEnter={(event) => event.preventDefault()}
          data-testid="change-given"
        />
      </Form.Item>
      <Flex justify="space-between" align="baseline" aria-live="polite">
        <Typography.Text type="secondary">
          {change !== null && change < 0 ? t('cashRegister.change.missing') : t('cashRegister.change.change')}
        </Typography.Text>
        <Typography.Text
          strong
          type={change === null ? undefined : change < 0 ? 'danger' : 'success'}
          style={{ fontSize: 18 }}
          data-testid="change-amount"
        >
          {change === null ? '—' : formatCents(Math.abs(change))}
        </Typography.Text>
      </Flex>
    </div>
  );
}
