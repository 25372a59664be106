import type { Language, NotificationKind } from '@mostrador/contract';
import { Alert, Button, Card, Flex, Form, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { MailContent } from '../../mails/components/mail-content';
import { useCompanySettings } from '../../session/api';
import { useNotificationPreview } from '../api';

/** How long the texts must rest before the preview asks the server again. */
export const previewDelayMs = 600;

/** A text, once it has not changed for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The notification as a customer would get it, rendered by the server with sample data from the texts
 * being typed (asked again once the typing rests), in each language the company writes to its customers.
 */
export function NotificationPreview({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const languages: Language[] = [settings.locale, ...(settings.otherLanguages ?? [])].filter(
    (language, index, all) => !!language && all.indexOf(language) === index,
  );
  const [language, setLanguage] = useState<Language>(settings.locale);
  const form = Form.useFormInstance();
  // The watch is empty on the first render: the texts are in the form already.
  const subject =
    ((Form.useWatch([kind, 'subject'], form) ?? form.getFieldValue([kind, 'subject'])) as
      | string
      | undefined) ?? '';
  const body =
    ((Form.useWatch([kind, 'body'], form) ?? form.getFieldValue([kind, 'body'])) as string | undefined) ?? '';
  // The saved texts are previewed at once; what is typed, once the typing rests.
  const request = {
    kind,
    subject: useDebounced(subject, previewDelayMs),
    body: useDebounced(body, previewDelayMs),
    language,
  };
  const preview = useNotificationPreview(request);
  const rendered = preview.data;

  return (
    <Card
      size="small"
      title={t('settings.notifications.preview.title')}
      extra={
        languages.length > 1 ? (
          <Select<Language>
            size="small"
            value={language}
            onChange={setLanguage}
            aria-label={t('settings.notifications.preview.language')}
            options={languages.map((value) => ({ value, label: t(`languageNames.${value}`) }))}
            popupMatchSelectWidth={false}
            data-testid={`preview-language-${kind}`}
          />
        ) : undefined
      }
      data-testid={`notification-preview-${kind}`}
    >
      {preview.isError && !rendered ? (
        <Alert
          type="error"
          showIcon
          title={t('settings.notifications.preview.failed')}
          description={errorMessage(preview.error)}
          action={
            <Button size="small" onClick={() => void preview.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !rendered ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin aria-label={t('common.loading')} />
        </Flex>
      ) : (
        <Spin spinning={preview.isFetching} delay={300}>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('settings.notifications.preview.subject')} </Typography.Text>
            <Typography.Text strong data-testid={`preview-subject-${kind}`}>
              {rendered.subject}
            </Typography.Text>
          </Typography.Paragraph>
          <MailContent
            html={rendered.html}
            text={rendered.text}
            title={rendered.subject}
            height={380}
            testId={`preview-content-${kind}`}
          />
        </Spin>
      )}
    </Card>
  );
}
