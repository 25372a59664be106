import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../session/api';
import { useCreateEmployee } from '../api';
import { EmployeeForm, type EmployeeValues } from '../components/employee-form';
import { useEmployeeErrors } from '../components/use-employee-errors';
import { editorLock } from '../permission-rules';

const emptyEmployee: EmployeeValues = {
  name: '',
  email: '',
  username: '',
  password: '',
  enabled: true,
  permissions: [],
};

export function EmployeeCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [form] = Form.useForm<EmployeeValues>();
  const create = useCreateEmployee();
  const { markDirty, markClean } = useUnsavedChanges();
  const showError = useEmployeeErrors(form, 'create');
  const lock = editorLock(user, 'create');

  const submit = async (values: EmployeeValues) => {
    const email = values.email?.trim();
    const username = values.username?.trim();
    try {
      const employee = await create.mutateAsync({
        name: values.name.trim(),
        email: email || null,
        ...(username && { username }),
        password: values.password,
        enabled: values.enabled,
        permissions: lock ? [] : values.permissions,
      });
      markClean();
      message.success(t('employees.created', { name: employee.name }));
      navigate('/employees');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <PageHeader title={t('employees.createTitle')} />
      <EmployeeForm
        mode="create"
        form={form}
        initialValues={emptyEmployee}
        onFinish={submit}
        onValuesChange={markDirty}
        saving={create.isPending}
        lock={lock}
      />
    </>
  );
}
