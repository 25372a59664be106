import {
  type NotificationKind,
  notificationKinds,
  notificationPlaceholders,
  type Settings,
  updateSettingsBody,
} from '@mostrador/contract';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  type InputRef,
  Row,
  Select,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../api';
import { NotificationPreview } from '../components/notification-preview';
import { SettingsReadOnlyAlert } from '../components/settings-read-only-alert';

const notificationsSchema = updateSettingsBody.shape.notifications.unwrap();
const notificationShape = notificationsSchema.shape.booking.shape;

type Notification = Settings['notifications'][NotificationKind];
export type NotificationFormValues = Record<NotificationKind, Notification>;

/** 00:00 to 23:00: the hour of the day the notifications leave, in the company's time zone. */
export const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** `template` with `{{name}}` put in place of the selection `start`–`end`; the caret goes after it. */
export function insertPlaceholder(template: string, name: string, start: number, end: number) {
  const token = `{{${name}}}`;
  const from = Math.max(0, Math.min(start, template.length));
  const to = Math.max(from, Math.min(end, template.length));
  return { text: template.slice(0, from) + token + template.slice(to), caret: from + token.length };
}

type TextField = 'subject' | 'body';

/** One notification's fields (booking reminder or birthday greeting) beside its preview. */
function NotificationSection({
  kind,
  canEdit,
  form,
  onInserted,
}: {
  kind: NotificationKind;
  canEdit: boolean;
  form: FormInstance<NotificationFormValues>;
  onInserted: () => void;
}) {
  const { t } = useTranslation();
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  // Where a placeholder goes: the last of the two texts the user was in, the body at first.
  const target = useRef<TextField>('body');

  const elementOf = (field: TextField): HTMLInputElement | HTMLTextAreaElement | null | undefined =>
    field === 'subject' ? subjectRef.current?.input : bodyRef.current?.resizableTextArea?.textArea;

  const insert = (name: string) => {
    const field = target.current;
    const element = elementOf(field);
    const current = (form.getFieldValue([kind, field]) as string | undefined) ?? '';
    const { text, caret } = insertPlaceholder(
      current,
      name,
      element?.selectionStart ?? current.length,
      element?.selectionEnd ?? current.length,
    );
    form.setFieldValue([kind, field], text);
    void form.validateFields([[kind, field]]);
    onInserted();
    // Back in the text, right after what was put in, ready to type on.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  return (
    <Card
      title={t(`settings.notifications.${kind}.title`)}
      style={{ marginBottom: 16 }}
      data-testid={`notification-${kind}`}
    >
      <Typography.Paragraph type="secondary">{t(`settings.notifications.${kind}.help`)}</Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={canEdit ? 12 : 24}>
          <Row gutter={16}>
            <Col xs={12} sm={8}>
              <Form.Item
                name={[kind, 'status']}
                label={t('settings.notifications.fields.status')}
                valuePropName="checked"
              >
                <Switch data-testid={`notification-status-${kind}`} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name={[kind, 'hour']} label={t('settings.notifications.fields.hour')}>
                <Select options={hourOptions} data-testid={`notification-hour-${kind}`} />
              </Form.Item>
            </Col>
            {kind === 'booking' && (
              <Col xs={12} sm={8}>
                <Form.Item
                  name={[kind, 'daysInAdvance']}
                  label={t('settings.notifications.fields.daysInAdvance')}
                  rules={[zodRule(notificationShape.daysInAdvance, t)]}
                >
                  <InputNumber
                    min={0}
                    max={365}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid={`notification-days-${kind}`}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Form.Item
            name={[kind, 'subject']}
            label={t('settings.notifications.fields.subject')}
            rules={[zodRule(notificationShape.subject, t)]}
          >
            <Input
              ref={subjectRef}
              maxLength={200}
              placeholder={t('settings.notifications.ownTextPlaceholder')}
              onFocus={() => {
                target.current = 'subject';
              }}
              data-testid={`notification-subject-${kind}`}
            />
          </Form.Item>
          <Form.Item
            name={[kind, 'body']}
            label={t('settings.notifications.fields.body')}
            extra={t('settings.notifications.bodyHelp')}
            rules={[zodRule(notificationShape.body, t)]}
          >
            <Input.TextArea
              ref={bodyRef}
              autoSize={{ minRows: 6, maxRows: 16 }}
              maxLength={20000}
              placeholder={t('settings.notifications.ownTextPlaceholder')}
              onFocus={() => {
                target.current = 'body';
              }}
              data-testid={`notification-body-${kind}`}
            />
          </Form.Item>
          {canEdit && (
            <fieldset
              style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
              data-testid={`placeholders-${kind}`}
            >
              <legend style={{ padding: 0, marginBottom: 6, fontSize: 'inherit', border: 0 }}>
                <Typography.Text type="secondary">
                  {t('settings.notifications.placeholdersLabel')}
                </Typography.Text>
              </legend>
              <Flex gap={6} wrap>
                {notificationPlaceholders[kind].map((name) => (
                  <Tooltip key={name} title={t(`settings.notifications.placeholders.${name}`)}>
                    <Button
                      size="small"
                      type="dashed"
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => insert(name)}
                      data-testid={`placeholder-${kind}-${name}`}
                    >
                      {`{{${name}}}`}
                    </Button>
                  </Tooltip>
                ))}
              </Flex>
            </fieldset>
          )}
        </Col>
        {canEdit && (
          <Col xs={24} xl={12}>
            <NotificationPreview kind={kind} />
          </Col>
        )}
      </Row>
    </Card>
  );
}

/**
 * The mails the company sends on its own: the booking reminder (some days before, at an hour) and the
 * birthday greeting, each switched on or off, with its subject and text and the placeholders they may
 * hold, and a preview rendered by the server as it is typed. Read-only without settings_edit.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const [form] = Form.useForm<NotificationFormValues>();
  const update = useUpdateSettings();
  const { markDirty, markClean } = useUnsavedChanges();
  const canEdit = usePermissions()('settings_edit');

  const submit = async (values: NotificationFormValues) => {
    // Both notifications go whole: what the form does not show (the greeting's days) as it was saved.
    const parsed = notificationsSchema.safeParse({
      booking: { ...settings.notifications.booking, ...values.booking },
      birthday: { ...settings.notifications.birthday, ...values.birthday },
    });
    if (!parsed.success) return;
    try {
      await update.mutateAsync({ notifications: parsed.data });
      markClean();
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader title={t('settings.notifications.title')} />
      {!canEdit && <SettingsReadOnlyAlert />}
      <Form<NotificationFormValues>
        name="notification-settings"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={!canEdit}
        initialValues={settings.notifications}
        onValuesChange={markDirty}
        onFinish={submit}
        data-testid="notification-settings-form"
      >
        {notificationKinds.map((kind) => (
          <NotificationSection key={kind} kind={kind} canEdit={canEdit} form={form} onInserted={markDirty} />
        ))}
        {canEdit && (
          <FormFooter
            onCancel={() => {
              form.resetFields();
              markClean();
            }}
            saving={update.isPending}
            saveTestId="notification-settings-save"
          />
        )}
      </Form>
    </>
  );
}
