import { DeleteOutlined, EditOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { SUPER_ADMIN } from '@mostrador/contract';
import { App, Button, Flex, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { ButtonLink } from '../../../components/button-link';
import { PaletteTag } from '../../../components/palette-tag';
import {
  booleanWords,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { formatDateTime } from '../../../lib/format';
import { useSupportLogin } from '../../licenses/api';
import { useSupportLoginErrors } from '../../licenses/components/use-support-login-errors';
import { useCompanySettings, useCurrentUser } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { type EmployeeListItem, useDeleteEmployee, useEmployeeList } from '../api';

function StatusFilter({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const value = filters.enabled?.eq;
  return (
    <Select
      allowClear
      placeholder={t('employees.fields.status')}
      aria-label={t('employees.filterStatus')}
      value={typeof value === 'boolean' ? String(value) : undefined}
      onChange={(next?: string) =>
        setFilter('enabled', next === undefined ? undefined : { eq: next === 'true' })
      }
      options={[
        { value: 'true', label: t('employees.statuses.enabled') },
        { value: 'false', label: t('employees.statuses.disabled') },
      ]}
      style={{ minWidth: 160 }}
      data-testid="employees-status-filter"
    />
  );
}

export function EmployeesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const user = useCurrentUser();
  const can = usePermissions();
  const remove = useDeleteEmployee();
  const supportLogin = useSupportLogin();
  const supportLoginError = useSupportLoginErrors();
  const canEdit = can('employees_edit');
  const canDelete = can('employees_delete');
  const canLoginAs = can('licenses_loginAsUser');

  const isProtected = (employee: EmployeeListItem) =>
    employee.id === user.id || employee.roles.includes(SUPER_ADMIN);

  const name = (employee: EmployeeListItem) => (
    <Space size={4} wrap>
      {employee.name}
      {employee.id === user.id && <PaletteTag palette="blue">{t('employees.you')}</PaletteTag>}
      {employee.roles.includes(SUPER_ADMIN) && (
        <PaletteTag palette="gold">{t('employees.superAdmin')}</PaletteTag>
      )}
    </Space>
  );
  const status = (employee: EmployeeListItem) =>
    employee.enabled ? (
      <PaletteTag palette="green">{t('employees.statuses.enabled')}</PaletteTag>
    ) : (
      <Tag>{t('employees.statuses.disabled')}</Tag>
    );

  /** A phone's row as a card: who, how he logs in, whether he may. */
  const phoneCard = (employee: EmployeeListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 180 }} data-testid="employee-card">
      <Typography.Text strong>{name(employee)}</Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
        {[employee.username, employee.email].filter(Boolean).join(' · ')}
      </Typography.Text>
      <span>{status(employee)}</span>
    </Flex>
  );

  const columns: ResourceColumn<EmployeeListItem>[] = [
    { key: 'id', title: 'employees.fields.id', sortable: true, align: 'right' },
    {
      key: 'name',
      title: 'employees.fields.name',
      sortable: true,
      render: (employee) => name(employee),
    },
    {
      key: 'email',
      title: 'employees.fields.email',
      sortable: true,
      render: (employee) => employee.email ?? t('common.noValue'),
    },
    { key: 'username', title: 'employees.fields.username', sortable: true },
    {
      key: 'enabled',
      title: 'employees.fields.status',
      sortable: true,
      render: (employee) => status(employee),
      exportValues: booleanWords(t('employees.statuses.enabled'), t('employees.statuses.disabled')),
    },
    {
      key: 'createdAt',
      title: 'employees.fields.createdAt',
      sortable: true,
      defaultHidden: true,
      render: (employee) => formatDateTime(employee.createdAt, timeZone),
    },
  ];

  const deleteEmployee = async (employee: EmployeeListItem) => {
    try {
      await remove.mutateAsync(employee.id);
      message.success(t('employees.deleted', { name: employee.name }));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const loginAs = async (employee: EmployeeListItem) => {
    try {
      await supportLogin.mutateAsync(employee.id);
    } catch (error) {
      supportLoginError(error);
    }
  };

  // Hidden where the server would refuse: oneself, the platform SUPER_ADMIN, and anyone holding a
  // permission the user may not grant (`canManage` of the answer).
  const deleteButton = (employee: EmployeeListItem) => (
    <Popconfirm
      title={t('employees.deleteConfirm', { name: employee.name })}
      description={t('employees.deleteDescription')}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => deleteEmployee(employee)}
    >
      <Button
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('employees.deleteNamed', { name: employee.name })}
        data-testid="employee-delete"
      />
    </Popconfirm>
  );
  const mayDelete = (employee: EmployeeListItem) => employee.canManage && !isProtected(employee);

  const rowActions = (employee: EmployeeListItem) => (
    <Space size={4}>
      {canLoginAs && employee.enabled && !isProtected(employee) && (
        <Popconfirm
          title={t('employees.loginAsConfirm', { name: employee.name })}
          description={t('licenses.support.sessionNote')}
          okText={t('licenses.support.submit')}
          cancelText={t('common.cancel')}
          onConfirm={() => loginAs(employee)}
        >
          <Button
            type="text"
            icon={<LoginOutlined aria-hidden />}
            aria-label={t('employees.loginAs', { name: employee.name })}
            loading={supportLogin.isPending && supportLogin.variables === employee.id}
          />
        </Popconfirm>
      )}
      {canEdit && (
        <ButtonLink
          type="text"
          to={`/employees/edit/${employee.id}`}
          icon={<EditOutlined aria-hidden />}
          aria-label={t('employees.editNamed', { name: employee.name })}
        />
      )}
      {canDelete && mayDelete(employee) && deleteButton(employee)}
    </Space>
  );

  return (
    <ResourceTable<EmployeeListItem>
      pageKey="employees"
      exportList="employees"
      title="employees.title"
      countKey="employees.count"
      columns={columns}
      useList={useEmployeeList}
      defaultSort={{ field: 'name', order: 'asc' }}
      emptyText="employees.empty"
      toolbar={(context) => <StatusFilter {...context} />}
      primaryAction={
        can('employees_create')
          ? {
              label: t('employees.create'),
              icon: <PlusOutlined aria-hidden />,
              to: '/employees/create',
              testId: 'create-employee',
            }
          : undefined
      }
      rowActions={canEdit || canDelete || canLoginAs ? rowActions : undefined}
      phoneCard={phoneCard}
    />
  );
}
