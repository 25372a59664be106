import { type Employee, type Permission, SUPER_ADMIN, type UpdateEmployeeBody } from '@mostrador/contract';
import { App, Card, Flex, Form, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { ButtonLink } from '../../../components/button-link';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { PageHeader } from '../../../components/page-header';
import { PaletteTag } from '../../../components/palette-tag';
import { useCurrentUser } from '../../session/api';
import { useEmployee, useUpdateEmployee } from '../api';
import { EmployeeForm, type EmployeeValues } from '../components/employee-form';
import { useEmployeeErrors } from '../components/use-employee-errors';
import { editorLock, sameEntries, sortEntries } from '../permission-rules';

function valuesOf(employee: Employee): EmployeeValues {
  return {
    name: employee.name,
    email: employee.email ?? '',
    username: employee.username,
    password: '',
    enabled: employee.enabled,
    permissions: sortEntries(
      employee.permissions.map(({ scope, permission }) => ({ scope, permission: permission as Permission })),
    ),
  };
}

/** Only what changed: touching the access details or the entries needs rights that the name does not. */
function changesOf(before: EmployeeValues, values: EmployeeValues, mayGrant: boolean): UpdateEmployeeBody {
  const body: UpdateEmployeeBody = { name: values.name.trim() };
  const email = values.email?.trim() ?? '';
  if (email !== before.email) body.email = email || null;
  const username = values.username?.trim() ?? '';
  if (username !== before.username) body.username = username;
  if (values.password) body.password = values.password;
  if (values.enabled !== before.enabled) body.enabled = values.enabled;
  if (mayGrant && !sameEntries(before.permissions, values.permissions)) body.permissions = values.permissions;
  return body;
}

export function EmployeeEditPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = Number(useParams().id);
  const employee = useEmployee(id);

  if (employee.data) return <EmployeeEditor key={employee.data.id} employee={employee.data} />;
  if (employee.isError || !Number.isInteger(id)) {
    const missing = !Number.isInteger(id) || isApiError(employee.error, 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={t(missing ? 'employees.notFound' : 'employees.loadFailed')}
        subTitle={missing ? undefined : errorMessage(employee.error)}
        extra={
          <ButtonLink type="primary" to="/employees">
            {t('employees.backToList')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <>
      <PageHeader title={t('employees.editTitleLoading')} />
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </>
  );
}

function EmployeeEditor({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [form] = Form.useForm<EmployeeValues>();
  const update = useUpdateEmployee();
  const { markDirty, markClean } = useUnsavedChanges();
  const showError = useEmployeeErrors(form, 'edit');
  const lock = editorLock(user, 'edit', employee.id);
  const isSelf = employee.id === user.id;
  const isSuperAdmin = employee.roles.includes(SUPER_ADMIN);
  const initialValues = valuesOf(employee);

  const submit = async (values: EmployeeValues) => {
    try {
      const saved = await update.mutateAsync({
        id: employee.id,
        body: changesOf(initialValues, values, lock === null),
      });
      markClean();
      message.success(t('employees.updated', { name: saved.name }));
      navigate('/employees');
    } catch (error) {
      showError(error);
    }
  };

  const tags = (isSelf || isSuperAdmin || !employee.enabled) && (
    <Flex component="span" gap={4} wrap>
      {isSelf && <PaletteTag palette="blue">{t('employees.you')}</PaletteTag>}
      {isSuperAdmin && <PaletteTag palette="gold">{t('employees.superAdmin')}</PaletteTag>}
      {!employee.enabled && <Tag>{t('employees.statuses.disabled')}</Tag>}
    </Flex>
  );

  return (
    <>
      <PageHeader title={t('employees.editTitle', { name: employee.name })} subtitle={tags || undefined} />
      <EmployeeForm
        mode="edit"
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={markDirty}
        saving={update.isPending}
        lock={lock}
        mayManageAccess={isSelf || employee.canManage}
        mayDisable={!isSelf && !isSuperAdmin}
        mayChangePassword={!isSelf}
      />
    </>
  );
}
