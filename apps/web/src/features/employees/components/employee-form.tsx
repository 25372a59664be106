import { createEmployeeBody, passwordSchema } from '@mostrador/contract';
import { Alert, Button, Card, Col, Flex, Form, type FormInstance, Grid, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../../components/forms/form-footer';
import { zodRule } from '../../../components/forms/zod-rule';
import { useCurrentUser } from '../../session/api';
import { type EditorLock, type Entry, grantableOf } from '../permission-rules';
import { PermissionEditor } from './permission-editor';

export interface EmployeeValues {
  name: string;
  email: string;
  username: string;
  password: string;
  enabled: boolean;
  permissions: Entry[];
}

interface EmployeeFormProps {
  mode: 'create' | 'edit';
  form: FormInstance<EmployeeValues>;
  initialValues: EmployeeValues;
  onFinish: (values: EmployeeValues) => void;
  onValuesChange: () => void;
  saving: boolean;
  /** Why the permission editor is read-only, or null. */
  lock: EditorLock;
  /**
   * False when the user may not change this employee at all (the API's `canManage`: he holds a permission
   * the user may not grant): the form shows him read-only, with no save.
   */
  mayManageAccess?: boolean;
  /** Self and the platform SUPER_ADMIN cannot be switched off. */
  mayDisable?: boolean;
  /** False on one's own record: one's password changes on the profile, with the current one. */
  mayChangePassword?: boolean;
}

const shape = createEmployeeBody.shape;
const requiredUsername = shape.username.unwrap();

/** The fields of the create and edit pages: details and access, then the permissions, then save. */
export function EmployeeForm(props: EmployeeFormProps) {
  const { form, mode, mayManageAccess = true, mayDisable = true, mayChangePassword = true } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const isCreate = mode === 'create';
  const isPhone = !Grid.useBreakpoint().sm;

  return (
    <Form<EmployeeValues>
      name="employee"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={props.initialValues}
      onValuesChange={props.onValuesChange}
      onFinish={props.onFinish}
      disabled={!mayManageAccess}
      data-testid="employee-form"
    >
      <Card title={t('employees.sections.details')} style={{ marginBottom: 16 }}>
        {!mayManageAccess && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('employees.help.accessLocked')} />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('employees.fields.name')}
              required
              rules={[zodRule(shape.name, t)]}
            >
              <Input autoComplete="off" maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('employees.fields.email')} rules={[zodRule(shape.email, t)]}>
              <Input type="email" autoComplete="off" disabled={!mayManageAccess} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('employees.fields.username')}
              extra={t(isCreate ? 'employees.help.username' : 'employees.help.usernameEdit')}
              required={!isCreate}
              dependencies={['email']}
              rules={[
                zodRule(isCreate ? shape.username : requiredUsername, t),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value?: string) => {
                    if (isCreate && !value?.trim() && !String(getFieldValue('email') ?? '').trim())
                      throw new Error(t('employees.usernameRequired'));
                  },
                }),
              ]}
            >
              <Input autoComplete="off" disabled={!mayManageAccess} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t(isCreate ? 'employees.fields.password' : 'employees.fields.newPassword')}
              extra={
                mayChangePassword
                  ? t(isCreate ? 'employees.help.password' : 'employees.help.newPassword')
                  : t('employees.help.passwordOnProfile')
              }
              required={isCreate}
              rules={[zodRule(isCreate ? passwordSchema : passwordSchema.optional(), t)]}
            >
              <Input.Password autoComplete="new-password" disabled={!mayManageAccess || !mayChangePassword} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="enabled"
              label={t('employees.fields.enabled')}
              extra={t(mayDisable ? 'employees.help.enabled' : 'employees.help.cannotDisable')}
              valuePropName="checked"
            >
              <Switch disabled={!mayManageAccess || !mayDisable} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card
        title={t('employees.sections.permissions')}
        styles={{ body: isPhone ? { padding: 12 } : undefined }}
      >
        <Form.Item name="permissions" style={{ marginBottom: 0 }}>
          <PermissionEditor isPlatform={user.isPlatform} grantable={grantableOf(user)} lock={props.lock} />
        </Form.Item>
      </Card>
      {mayManageAccess ? (
        <FormFooter
          onCancel={() => navigate('/employees')}
          saving={props.saving}
          saveTestId="employee-save"
          saveLabel={t(isCreate ? 'employees.createSubmit' : 'common.save')}
        />
      ) : (
        <Flex justify="flex-end" style={{ marginTop: 24 }}>
          <Button disabled={false} onClick={() => navigate('/employees')} data-testid="employee-back">
            {t('employees.backToList')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
