import { LoginOutlined, SearchOutlined } from '@ant-design/icons';
import { SUPER_ADMIN } from '@mostrador/contract';
import { Alert, Button, Empty, Flex, Input, Modal, Spin, Typography, theme } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { PaletteTag } from '../../../components/palette-tag';
import type { EmployeeListItem } from '../../employees/api';
import { useLicenseEmployees, useSupportLogin } from '../api';
import { useSupportLoginErrors } from './use-support-login-errors';

interface SupportLoginModalProps {
  /** The license whose employee support logs in as; null when closed. */
  license: { id: number; name: string } | null;
  onClose: () => void;
}

/** Why support may not log in as this employee, or null: he is switched off, or the super administrator. */
export function supportRefusal(employee: EmployeeListItem): 'disabled' | 'superAdmin' | null {
  if (employee.roles.includes(SUPER_ADMIN)) return 'superAdmin';
  if (!employee.enabled) return 'disabled';
  return null;
}

/**
 * Support log-in: the license's employees, searched by name, email or username, each with a button that
 * opens a session as him (recorded in the audit log). Switched-off employees and the super administrator
 * are listed but cannot be chosen, and say why.
 */
export function SupportLoginModal({ license, onClose }: SupportLoginModalProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const employees = useLicenseEmployees(license?.id ?? 0, query, license !== null);
  const supportLogin = useSupportLogin();
  const showError = useSupportLoginErrors();
  const errorMessage = useErrorMessage();
  const [choosing, setChoosing] = useState<number | null>(null);

  const logInAs = async (employee: EmployeeListItem) => {
    setChoosing(employee.id);
    try {
      await supportLogin.mutateAsync(employee.id);
    } catch (error) {
      showError(error);
    } finally {
      setChoosing(null);
    }
  };

  const items = employees.data?.items ?? [];
  const row = (employee: EmployeeListItem) => {
    const refusal = supportRefusal(employee);
    return (
      <li key={employee.id} data-testid={`support-employee-${employee.id}`}>
        <Flex
          align="center"
          justify="space-between"
          gap={8}
          wrap
          style={{ paddingBlock: 8, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Flex vertical style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Typography.Text strong>{employee.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {[employee.username, employee.email].filter(Boolean).join(' · ')}
            </Typography.Text>
            {refusal && (
              <span>
                <PaletteTag palette={refusal === 'superAdmin' ? 'gold' : undefined}>
                  {t(`licenses.support.refusal.${refusal}`)}
                </PaletteTag>
              </span>
            )}
          </Flex>
          <Button
            icon={<LoginOutlined aria-hidden />}
            disabled={refusal !== null || (supportLogin.isPending && choosing !== employee.id)}
            loading={choosing === employee.id}
            aria-label={t('licenses.support.logInAsNamed', { name: employee.name })}
            onClick={() => void logInAs(employee)}
          >
            {t('licenses.support.logInAs')}
          </Button>
        </Flex>
      </li>
    );
  };

  return (
    <Modal
      open={license !== null}
      title={t('licenses.support.modalTitle', { name: license?.name ?? '' })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setSearch('')}
    >
      <div data-testid="support-login-modal">
        <Typography.Paragraph type="secondary">{t('licenses.support.sessionNote')}</Typography.Paragraph>
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('licenses.support.searchPlaceholder')}
          aria-label={t('licenses.support.search')}
          data-testid="support-login-search"
        />
        {employees.isError ? (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title={errorMessage(employees.error)} />
        ) : (
          <Spin spinning={employees.isFetching}>
            <ul
              aria-label={t('licenses.support.employees')}
              style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', maxHeight: 420, overflowY: 'auto' }}
            >
              {items.map(row)}
            </ul>
            {!employees.isPending && items.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('licenses.support.noEmployees')} />
            )}
            {(employees.data?.total ?? 0) > items.length && (
              <Typography.Text type="secondary">
                {t('licenses.support.more', { shown: items.length, total: employees.data?.total })}
              </Typography.Text>
            )}
          </Spin>
        )}
      </div>
    </Modal>
  );
}
