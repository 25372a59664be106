import { App, Button, Card, Col, Flex, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../api';

/** A whole-number setting: its place in the settings (section, key), words and bounds. */
export interface CountSetting {
  name: [string, string];
  label: string;
  help: string;
  min: number;
  max: number;
  testId: string;
}

/**
 * A card of whole-number company settings (days, hours, bookings) side by side, with its own form and
 * save, sending only its sections; read-only without settings_edit.
 */
export function CountSettingsCard({
  title,
  formName,
  testId,
  initialValues,
  fields,
}: {
  title: string;
  formName: string;
  testId: string;
  initialValues: Record<string, Record<string, number>>;
  fields: CountSetting[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const update = useUpdateSettings();
  const canEdit = usePermissions()('settings_edit');
  const [form] = Form.useForm();
  const submit = async (values: Record<string, Record<string, number>>) => {
    try {
      await update.mutateAsync(values);
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };
  const required = { required: true, message: t('validation.required') };
  return (
    <Card title={title} style={{ marginTop: 16 }} data-testid={testId}>
      <Form
        name={formName}
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={initialValues}
        onFinish={submit}
      >
        <Row gutter={16}>
          {fields.map((field) => (
            <Col key={field.name.join('.')} xs={24} md={24 / fields.length}>
              <Form.Item name={field.name} label={field.label} extra={field.help} rules={[required]}>
                <InputNumber
                  min={field.min}
                  max={field.max}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid={field.testId}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {canEdit && (
          <Flex justify="flex-end">
            <Button
              type="primary"
              htmlType="submit"
              loading={update.isPending}
              data-testid={`${testId}-save`}
            >
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
