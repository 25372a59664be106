import { type CreateLicenseBody, createLicenseBody, passwordSchema } from '@mostrador/contract';
import { App, Divider, Form, Input, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { zodRule } from '../../../components/forms/zod-rule';
import { useCreateLicense } from '../api';
import { applyLicenseErrors, codeFromName } from './license-errors';

type Values = Required<Pick<CreateLicenseBody, 'name' | 'code' | 'adminUsername' | 'adminPassword'>> & {
  adminEmail?: string;
};

const shape = createLicenseBody.shape;

/** A new license with its owner, the company's first employee. Give it a new `key` for each opening. */
export function LicenseCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<Values>();
  const create = useCreateLicense();
  // The code follows the name until the user types one himself.
  const codeTouched = useRef(false);

  const submit = async (values: Values) => {
    const parsed = createLicenseBody.safeParse({
      ...values,
      adminEmail: values.adminEmail?.trim() || null,
    });
    if (!parsed.success) return;
    try {
      const license = await create.mutateAsync(parsed.data);
      message.success(t('licenses.created', { name: license.name, code: license.code }));
      onClose();
    } catch (error) {
      if (!applyLicenseErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('licenses.createTitle')}
      okText={t('licenses.createSubmit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'license-form-save' }}
      destroyOnHidden
    >
      <Form<Values>
        name="license-create"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          if ('code' in changed) codeTouched.current = true;
          else if ('name' in changed && !codeTouched.current)
            form.setFieldValue('code', codeFromName(changed.name ?? ''));
        }}
        data-testid="license-create-form"
      >
        <Form.Item name="name" label={t('licenses.fields.name')} required rules={[zodRule(shape.name, t)]}>
          <Input autoFocus autoComplete="organization" maxLength={160} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('licenses.fields.code')}
          extra={t('licenses.help.code')}
          required
          normalize={(value?: string) => value?.toLowerCase()}
          rules={[zodRule(shape.code, t)]}
        >
          <Input autoComplete="off" maxLength={63} />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {t('licenses.sections.owner')}
        </Divider>
        <Typography.Paragraph type="secondary">{t('licenses.help.owner')}</Typography.Paragraph>
        <Form.Item
          name="adminUsername"
          label={t('licenses.fields.adminUsername')}
          required
          rules={[zodRule(shape.adminUsername, t)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="adminEmail"
          label={t('licenses.fields.adminEmail')}
          rules={[zodRule(shape.adminEmail, t)]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="adminPassword"
          label={t('licenses.fields.adminPassword')}
          extra={t('licenses.help.adminPassword')}
          required
          rules={[zodRule(passwordSchema, t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
