import { ErrorCode, passwordSchema, updateProfileBody } from '@mostrador/contract';
import { App, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../session/api';
import { useUpdateProfile } from '../api';

interface ProfileValues {
  name: string;
  email?: string | null;
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const user = useCurrentUser();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const { markDirty, markClean } = useUnsavedChanges();
  const shape = updateProfileBody.shape;

  const submit = async (values: ProfileValues) => {
    const changesPassword = !!values.newPassword;
    try {
      await update.mutateAsync({
        name: values.name,
        email: values.email?.trim() ? values.email.trim() : null,
        ...(changesPassword && { currentPassword: values.currentPassword, newPassword: values.newPassword }),
      });
      form.resetFields([...passwordFields]);
      markClean();
      message.success(t('profile.saved'));
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.wrongCurrentPassword) {
        form.setFields([
          { name: 'currentPassword', errors: [t(`errors.${ErrorCode.wrongCurrentPassword}`)] },
        ]);
      } else if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
      }
    }
  };

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Form<ProfileValues>
        name="profile"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ name: user.name, email: user.email ?? '' }}
        onValuesChange={markDirty}
        onFinish={submit}
        style={{ maxWidth: 640 }}
        data-testid="profile-form"
      >
        <Card title={t('profile.personal')} style={{ marginBottom: 16 }}>
          <Form.Item name="name" label={t('profile.fields.name')} required rules={[zodRule(shape.name, t)]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="email" label={t('profile.fields.email')} rules={[zodRule(shape.email, t)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Card>
        <Card title={t('profile.password')}>
          <Form.Item
            name="currentPassword"
            label={t('profile.fields.currentPassword')}
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value?: string) => {
                  if (getFieldValue('newPassword') && !value) throw new Error(t('validation.required'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('profile.fields.newPassword')}
            extra={t('profile.passwordHelp')}
            rules={[zodRule(passwordSchema.optional(), t)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('profile.fields.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value?: string) => {
                  if ((getFieldValue('newPassword') ?? '') !== (value ?? '')) {
                    throw new Error(t('profile.passwordsDiffer'));
                  }
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Card>
        <FormFooter
          onCancel={() => {
            form.resetFields();
            markClean();
          }}
          saving={update.isPending}
          saveTestId="profile-save"
        />
      </Form>
    </>
  );
}
