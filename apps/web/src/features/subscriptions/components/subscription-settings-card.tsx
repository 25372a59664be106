import { useTranslation } from 'react-i18next';
import { useCompanySettings } from '../../session/api';
import { CountSettingsCard } from '../../settings/components/count-settings-card';

/**
 * Subscriptions (spec: subscription settings): the days a renewal order may wait for its payment before the
 * subscription is cancelled, and the free trial a first activation gives; a product's own values win over
 * these.
 */
export function SubscriptionSettingsCard() {
  const { t } = useTranslation();
  const settings = useCompanySettings();
  return (
    <CountSettingsCard
      title={t('subscriptions.settings.title')}
      formName="subscriptionSettings"
      testId="subscription-settings"
      initialValues={{
        subscriptions: settings.subscriptions ?? {
          daysToPaySubscriptionRenewal: 5,
          freeSubscriptionTrialDays: 0,
        },
      }}
      fields={[
        {
          name: ['subscriptions', 'daysToPaySubscriptionRenewal'],
          label: t('subscriptions.settings.renewalPaymentDays'),
          help: t('subscriptions.settings.renewalPaymentDaysHelp'),
          min: 0,
          max: 365,
          testId: 'subscription-renewal-payment-days',
        },
        {
          name: ['subscriptions', 'freeSubscriptionTrialDays'],
          label: t('subscriptions.settings.freeTrialDays'),
          help: t('subscriptions.settings.freeTrialDaysHelp'),
          min: 0,
          max: 365,
          testId: 'subscription-free-trial-days',
        },
      ]}
    />
  );
}
