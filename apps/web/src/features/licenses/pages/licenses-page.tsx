import { DeleteOutlined, EditOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { type LicenseListItem, licenseStatuses } from '@mostrador/contract';
import { Button, Flex, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PaletteTag } from '../../../components/palette-tag';
import {
  exportWords,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useLicenseList } from '../api';
import { LicenseCreateModal } from '../components/license-create-modal';
import { LicenseDeleteModal } from '../components/license-delete-modal';
import { LicenseStatusTag } from '../components/license-status-tag';
import { SupportLoginModal } from '../components/support-login-modal';

function StatusFilter({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const value = filters.status?.eq;
  return (
    <Select
      allowClear
      placeholder={t('licenses.fields.status')}
      aria-label={t('licenses.filterStatus')}
      value={typeof value === 'string' ? value : undefined}
      onChange={(next?: string) => setFilter('status', next ? { eq: next } : undefined)}
      options={licenseStatuses.map((status) => ({ value: status, label: t(`licenses.statuses.${status}`) }))}
      style={{ minWidth: 160 }}
      data-testid="licenses-status-filter"
    />
  );
}

export function LicensesPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canEdit = can('licenses_edit');
  const canDelete = can('licenses_delete');
  const canSupport = can('licenses_loginAsUser');
  const [supporting, setSupporting] = useState<LicenseListItem | null>(null);
  const [creating, setCreating] = useState({ open: false, key: 0 });
  const [deleting, setDeleting] = useState<LicenseListItem | null>(null);

  const orNone = (value: string | null) => value ?? t('common.noValue');
  const name = (license: LicenseListItem) => (
    <Space size={4} wrap>
      {license.name}
      {license.isPlatform && <PaletteTag palette="gold">{t('licenses.platform')}</PaletteTag>}
    </Space>
  );

  /** A phone's row as a card: the licence and its code, what and for whom, where it stands. */
  const phoneCard = (license: LicenseListItem) => {
    const customer = [license.customerName, license.customerSurname].filter(Boolean).join(' ');
    return (
      <Flex vertical gap={2} style={{ minWidth: 180 }} data-testid="license-card">
        <Typography.Text strong>{name(license)}</Typography.Text>
        <Typography.Text type="secondary">
          {[license.code, license.productName].filter(Boolean).join(' · ')}
        </Typography.Text>
        {customer && (
          <Typography.Text ellipsis style={{ maxWidth: 240 }}>
            {customer}
          </Typography.Text>
        )}
        <span>
          <LicenseStatusTag status={license.status} />
        </span>
      </Flex>
    );
  };

  const columns: ResourceColumn<LicenseListItem>[] = [
    { key: 'id', title: 'licenses.fields.id', sortable: true, align: 'right' },
    {
      key: 'name',
      title: 'licenses.fields.name',
      sortable: true,
      render: (license) => name(license),
    },
    { key: 'code', title: 'licenses.fields.code', sortable: true },
    {
      key: 'productName',
      title: 'licenses.fields.productName',
      sortable: true,
      render: (l) => orNone(l.productName),
    },
    {
      key: 'customerName',
      title: 'licenses.fields.customerName',
      sortable: true,
      render: (l) => orNone(l.customerName),
    },
    {
      key: 'customerSurname',
      title: 'licenses.fields.customerSurname',
      sortable: true,
      render: (l) => orNone(l.customerSurname),
    },
    {
      key: 'status',
      title: 'licenses.fields.status',
      sortable: true,
      render: (license) => <LicenseStatusTag status={license.status} />,
      exportValues: exportWords(licenseStatuses, (code) => t(`licenses.statuses.${code}`)),
    },
    {
      key: 'createdAt',
      title: 'licenses.fields.createdAt',
      sortable: true,
      defaultHidden: true,
      render: (license) => formatDateTime(license.createdAt, timeZone),
    },
  ];

  const deleteButton = (license: LicenseListItem) => {
    const button = (
      <Button
        type="text"
        danger
        disabled={license.isPlatform}
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('licenses.deleteNamed', { name: license.name })}
        onClick={() => setDeleting(license)}
      />
    );
    return license.isPlatform ? (
      <Tooltip title={t('licenses.platformCannotDelete')}>{button}</Tooltip>
    ) : (
      button
    );
  };

  const rowActions = (license: LicenseListItem) => (
    <Space size={4}>
      {canSupport && license.status === 'active' && (
        <Tooltip title={t('licenses.support.logInAsIn', { name: license.name })}>
          <Button
            type="text"
            icon={<LoginOutlined aria-hidden />}
            aria-label={t('licenses.support.logInAsIn', { name: license.name })}
            data-testid={`support-login-${license.id}`}
            onClick={() => setSupporting(license)}
          />
        </Tooltip>
      )}
      {canEdit && (
        <ButtonLink
          type="text"
          to={`/licenses/edit/${license.id}`}
          icon={<EditOutlined aria-hidden />}
          aria-label={t('licenses.editNamed', { name: license.name })}
        />
      )}
      {canDelete && deleteButton(license)}
    </Space>
  );

  return (
    <>
      <ResourceTable<LicenseListItem>
        pageKey="licenses"
        exportList="licenses"
        title="licenses.title"
        countKey="licenses.count"
        columns={columns}
        useList={useLicenseList}
        defaultSort={{ field: 'name', order: 'asc' }}
        emptyText="licenses.empty"
        toolbar={(context) => <StatusFilter {...context} />}
        primaryAction={
          can('licenses_create')
            ? {
                label: t('licenses.create'),
                icon: <PlusOutlined aria-hidden />,
                onClick: () => setCreating((c) => ({ open: true, key: c.key + 1 })),
                testId: 'create-license',
              }
            : undefined
        }
        rowActions={canEdit || canDelete || canSupport ? rowActions : undefined}
        phoneCard={phoneCard}
      />
      <LicenseCreateModal
        key={creating.key}
        open={creating.open}
        onClose={() => setCreating((c) => ({ ...c, open: false }))}
      />
      <LicenseDeleteModal license={deleting} onClose={() => setDeleting(null)} />
      <SupportLoginModal license={supporting} onClose={() => setSupporting(null)} />
    </>
  );
}
