import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { SubscriptionStatus } from '@mostrador/contract';
import { App, Button, Modal, Radio, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { DeleteButton } from '../../../components/records/delete-button';
import { useActivateSubscription, useCancelSubscription, useDeleteSubscription } from '../api';

/** What the actions need of a subscription: its id, what it is called, its state. */
export interface SubscriptionRef {
  id: number;
  customerName: string;
  customerSurname: string | null;
  customerCompanyName: string | null;
  productName: string;
  status: SubscriptionStatus;
  cancelAt: string | null;
}

/** "Marta Ruiz" (or the company): who holds it. */
export const holderOf = (
  s: Pick<SubscriptionRef, 'customerName' | 'customerSurname' | 'customerCompanyName'>,
) => [s.customerName, s.customerSurname].filter(Boolean).join(' ') || s.customerCompanyName || '';

/** "Marta Ruiz · Yoga mensual": how a subscription is named in questions and messages. */
export const subscriptionName = (s: SubscriptionRef) => `${holderOf(s)} · ${s.productName}`;

/**
 * The action a subscription's state offers: activate an inactive one, cancel an active one (one ending at
 * its period's end may still be cancelled at once).
 */
export function statusActionOf(s: Pick<SubscriptionRef, 'status'>): 'activate' | 'cancel' {
  return s.status === 'inactive' ? 'activate' : 'cancel';
}

export const StatusActionIcon = ({ action }: { action: 'activate' | 'cancel' }) =>
  action === 'activate' ? <CheckCircleOutlined aria-hidden /> : <StopOutlined aria-hidden />;

/**
 * Activate and cancel, each after a confirmation: activating says an order is placed now (none during a free
 * trial); cancelling asks whether at the end of the period already charged or at once. `ask` opens the
 * question, `dialogs` must be rendered once.
 */
export function useSubscriptionActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const activate = useActivateSubscription();
  const cancel = useCancelSubscription();
  const [asked, setAsked] = useState<{ action: 'activate' | 'cancel'; subscription: SubscriptionRef }>();
  const [atPeriodEnd, setAtPeriodEnd] = useState(true);

  const ask = (action: 'activate' | 'cancel', subscription: SubscriptionRef) => {
    setAtPeriodEnd(true);
    setAsked({ action, subscription });
  };
  const close = () => setAsked(undefined);

  const confirm = async () => {
    if (!asked) return;
    const { action, subscription } = asked;
    const name = subscriptionName(subscription);
    try {
      if (action === 'activate') {
        const saved = await activate.mutateAsync(subscription.id);
        message.success(
          t(
            saved.periods.some((p) => p.orderId !== null)
              ? 'subscriptions.activated'
              : 'subscriptions.activatedTrial',
            {
              name,
            },
          ),
        );
      } else {
        await cancel.mutateAsync({ id: subscription.id, atPeriodEnd });
        message.success(
          t(atPeriodEnd ? 'subscriptions.cancelledAtPeriodEnd' : 'subscriptions.cancelled', { name }),
        );
      }
      close();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  let dialogs: ReactNode = null;
  if (asked) {
    const name = subscriptionName(asked.subscription);
    const activating = asked.action === 'activate';
    dialogs = (
      <Modal
        open
        title={t(activating ? 'subscriptions.activateConfirm' : 'subscriptions.cancelConfirm', { name })}
        okText={t(activating ? 'subscriptions.activate' : 'subscriptions.cancel')}
        cancelText={t('subscriptions.keepAsIs')}
        okButtonProps={{
          danger: !activating,
          loading: activate.isPending || cancel.isPending,
          'data-testid': `subscription-${asked.action}-confirm`,
        }}
        onOk={() => void confirm()}
        onCancel={close}
        destroyOnHidden
      >
        {activating ? (
          <Typography.Paragraph>{t('subscriptions.activateConsequences')}</Typography.Paragraph>
        ) : (
          <Radio.Group
            value={atPeriodEnd}
            onChange={(event) => setAtPeriodEnd(event.target.value as boolean)}
            aria-label={t('subscriptions.cancelWhen')}
            data-testid="subscription-cancel-when"
          >
            <Space orientation="vertical" size={12}>
              <Radio value={true} data-testid="subscription-cancel-at-period-end">
                <Typography.Text strong>{t('subscriptions.cancelAtPeriodEnd')}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('subscriptions.cancelAtPeriodEndHelp')}</Typography.Text>
              </Radio>
              <Radio value={false} data-testid="subscription-cancel-now">
                <Typography.Text strong>{t('subscriptions.cancelNow')}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('subscriptions.cancelNowHelp')}</Typography.Text>
              </Radio>
            </Space>
          </Radio.Group>
        )}
      </Modal>
    );
  }
  return { ask, dialogs, pending: activate.isPending || cancel.isPending };
}

/** The record page's activate or cancel button. */
export function SubscriptionStatusButton({
  subscription,
  onAsk,
}: {
  subscription: SubscriptionRef;
  onAsk: (action: 'activate' | 'cancel', subscription: SubscriptionRef) => void;
}) {
  const { t } = useTranslation();
  const action = statusActionOf(subscription);
  return (
    <Button
      type={action === 'activate' ? 'primary' : 'default'}
      danger={action === 'cancel'}
      icon={<StatusActionIcon action={action} />}
      onClick={() => onAsk(action, subscription)}
      data-testid={`subscription-${action}`}
    >
      {t(`subscriptions.${action}`)}
    </Button>
  );
}

/** Deletes an inactive subscription after confirming; its orders stay. */
export function DeleteSubscriptionButton({
  subscription,
  iconOnly,
  onDeleted,
}: {
  subscription: SubscriptionRef;
  iconOnly?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteSubscription();
  const name = subscriptionName(subscription);
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync(subscription.id)}
      pending={remove.isPending}
      confirmTitle={t('subscriptions.deleteConfirm', { name })}
      consequences={t('subscriptions.deleteConsequences')}
      deletedMessage={t('subscriptions.deleted', { name })}
      ariaLabel={t('subscriptions.deleteNamed', { name })}
      iconOnly={iconOnly}
      onDeleted={onDeleted}
      testId="subscription-delete"
    />
  );
}
