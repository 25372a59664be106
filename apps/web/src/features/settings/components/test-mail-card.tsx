import { SendOutlined } from '@ant-design/icons';
import { type TestMailResult, testMailBody } from '@mostrador/contract';
import { Alert, Button, Card, Flex, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { zodRule } from '../../../components/forms/zod-rule';
import { useCurrentUser } from '../../session/api';
import { useSendTestMail } from '../api';

type Outcome = { result: TestMailResult } | { failure: string };

/** The server's answer as it gave it: "250 2.0.0 Ok: queued as 1234". */
function ServerAnswer({ result }: { result: TestMailResult }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      {result.responseCode !== null && (
        <span>{t('settings.mail.test.responseCode', { code: result.responseCode })}</span>
      )}
      <Typography.Text
        code
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        data-testid="test-mail-response"
      >
        {result.response}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Sends a test mail with the SAVED mail server settings and shows what the server answered. Disabled while
 * the form above has unsaved changes (they would not be tested), and until a server is saved.
 */
export function TestMailCard({ unsaved, configured }: { unsaved: boolean; configured: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const user = useCurrentUser();
  const [form] = Form.useForm<{ email: string }>();
  const send = useSendTestMail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const blockedBy = unsaved
    ? t('settings.mail.test.saveFirst')
    : configured
      ? null
      : t('settings.mail.test.noServer');

  const submit = async ({ email }: { email: string }) => {
    setOutcome(null);
    try {
      setOutcome({ result: await send.mutateAsync({ email: email.trim() }) });
    } catch (error) {
      setOutcome({ failure: errorMessage(error) });
    }
  };

  return (
    <Card title={t('settings.mail.test.title')} style={{ marginTop: 16 }} data-testid="test-mail-card">
      <Typography.Paragraph type="secondary">{t('settings.mail.test.intro')}</Typography.Paragraph>
      <Form<{ email: string }>
        form={form}
        name="test-mail"
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ email: user.email ?? '' }}
        onFinish={(values) => void submit(values)}
        noValidate
      >
        <Form.Item
          label={t('settings.mail.test.email')}
          htmlFor="test-mail-email"
          required
          style={{ marginBottom: 8 }}
        >
          <Flex gap={8} wrap>
            <Form.Item
              name="email"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('validation.required') },
                zodRule(testMailBody.shape.email, t),
              ]}
            >
              <Input
                id="test-mail-email"
                type="email"
                autoComplete="email"
                style={{ flex: '1 1 240px', maxWidth: 420 }}
                data-testid="test-mail-email"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined aria-hidden />}
              loading={send.isPending}
              disabled={blockedBy !== null}
              aria-describedby={blockedBy ? 'test-mail-blocked' : undefined}
              data-testid="test-mail-send"
            >
              {t('settings.mail.test.send')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {blockedBy && (
        <Typography.Text type="secondary" id="test-mail-blocked" data-testid="test-mail-blocked">
          {blockedBy}
        </Typography.Text>
      )}
      {send.isPending && (
        <Alert
          type="info"
          icon={<Spin size="small" />}
          showIcon
          title={t('settings.mail.test.sending')}
          style={{ marginTop: 8 }}
          data-testid="test-mail-sending"
        />
      )}
      {outcome && 'result' in outcome && (
        <Alert
          type={outcome.result.ok ? 'success' : 'error'}
          showIcon
          title={t(outcome.result.ok ? 'settings.mail.test.ok' : 'settings.mail.test.failed')}
          description={<ServerAnswer result={outcome.result} />}
          style={{ marginTop: 8 }}
          data-testid="test-mail-result"
          data-ok={outcome.result.ok}
        />
      )}
      {outcome && 'failure' in outcome && (
        <Alert
          type="error"
          showIcon
          title={t('settings.mail.test.failed')}
          description={outcome.failure}
          style={{ marginTop: 8 }}
          data-testid="test-mail-result"
          data-ok={false}
        />
      )}
    </Card>
  );
}
