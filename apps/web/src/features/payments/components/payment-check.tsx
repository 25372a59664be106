import { ApiOutlined } from '@ant-design/icons';
import type { PaymentCheckResult, PaymentGateway } from '@mostrador/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useCheckPaymentGateway } from '../api';

type Outcome = { result: PaymentCheckResult } | { failure: string };

/**
 * "Check connection" of one gateway: asks the server to try the SAVED keys with the gateway and shows
 * what came of it (ok; not configured, unreachable or rejected, with the gateway's words). Waits while
 * the form above has unsaved changes, which would not be tried.
 */
export function PaymentCheck({ gateway, unsaved }: { gateway: PaymentGateway; unsaved: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const check = useCheckPaymentGateway();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const name = t(`payments.gateways.${gateway}`);
  const hintId = `payment-check-${gateway}-blocked`;

  const run = async () => {
    setOutcome(null);
    try {
      setOutcome({ result: await check.mutateAsync(gateway) });
    } catch (error) {
      setOutcome({ failure: errorMessage(error) });
    }
  };

  const result = outcome && 'result' in outcome ? outcome.result : null;
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid={`payment-check-${gateway}`}>
      <Flex align="center" gap={12} wrap>
        <Button
          icon={<ApiOutlined aria-hidden />}
          loading={check.isPending}
          disabled={unsaved}
          aria-describedby={unsaved ? hintId : undefined}
          onClick={() => void run()}
          data-testid={`payment-check-${gateway}-run`}
        >
          {t('payments.check.action')}
        </Button>
        <Typography.Text type="secondary" id={unsaved ? hintId : undefined}>
          {unsaved ? t('payments.check.saveFirst') : t('payments.check.intro', { gateway: name })}
        </Typography.Text>
      </Flex>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={
            result.ok
              ? t('payments.check.ok', { gateway: name })
              : t(`payments.check.reasons.${result.reason ?? 'rejected'}`, { gateway: name })
          }
          description={
            result.detail ? (
              <Typography.Text code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {result.detail}
              </Typography.Text>
            ) : undefined
          }
          data-testid={`payment-check-${gateway}-result`}
          data-ok={result.ok}
          data-reason={result.reason ?? undefined}
        />
      )}
      {outcome && 'failure' in outcome && (
        <Alert
          type="error"
          showIcon
          title={t('payments.check.failed')}
          description={outcome.failure}
          data-testid={`payment-check-${gateway}-result`}
          data-ok={false}
        />
      )}
    </Flex>
  );
}
