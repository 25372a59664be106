import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ChainCheck } from '@mostrador/contract';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { formatNumber } from '../../../lib/format';
import { useCheckVerifactuChain } from '../api';

type Outcome = { result: ChainCheck } | { failure: string };

/**
 * Recomputes the chain of Verifactu records, each huella from the one before, and says whether it holds
 * or where it breaks first (the record, its invoice and why).
 */
export function VerifactuCheckCard() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const check = useCheckVerifactuChain();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setOutcome(null);
    try {
      setOutcome({ result: await check.mutateAsync() });
    } catch (error) {
      setOutcome({ failure: errorMessage(error) });
    }
  };

  return (
    <Card
      title={t('settings.billing.sections.check')}
      style={{ marginBottom: 16 }}
      data-testid="verifactu-check-card"
    >
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" style={{ flex: '1 1 320px' }}>
          {t('settings.billing.check.intro')}
        </Typography.Text>
        <Button
          icon={<SafetyCertificateOutlined aria-hidden />}
          loading={check.isPending}
          onClick={() => void run()}
          data-testid="verifactu-check"
        >
          {t('settings.billing.check.action')}
        </Button>
      </Flex>
      {outcome && 'result' in outcome && (
        <Alert
          type={outcome.result.ok ? 'success' : 'error'}
          showIcon
          style={{ marginTop: 16 }}
          title={
            outcome.result.ok
              ? t('settings.billing.check.ok', {
                  count: outcome.result.checked,
                  formatted: formatNumber(outcome.result.checked),
                })
              : t('settings.billing.check.broken', {
                  count: outcome.result.checked,
                  formatted: formatNumber(outcome.result.checked),
                })
          }
          description={
            outcome.result.firstBreak && (
              <Flex vertical gap={4}>
                <span>
                  {t('settings.billing.check.firstBreak', {
                    seq: outcome.result.firstBreak.seq,
                    code: outcome.result.firstBreak.invoiceCode,
                  })}
                </span>
                <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                  {outcome.result.firstBreak.reason}
                </Typography.Text>
              </Flex>
            )
          }
          data-testid="verifactu-check-result"
          data-ok={outcome.result.ok}
        />
      )}
      {outcome && 'failure' in outcome && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('settings.billing.check.failed')}
          description={outcome.failure}
          data-testid="verifactu-check-result"
          data-ok={false}
        />
      )}
    </Card>
  );
}
