import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Tax } from '@mostrador/contract';
import { App, Button, Flex, Popconfirm, Space, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import { formatDateTime, formatPercentage } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useDeleteTax, useTaxList } from '../api';

// The form validates with the contract's tax schema (zod): it loads when first opened, not with the list.
const TaxFormModal = lazyWithRestOfCatalogue(() => import('../components/tax-form-modal'), 'TaxFormModal');

export function TaxesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  // Everyone reads the taxes; creating, changing and deleting them needs settings_edit.
  const canEdit = usePermissions()('settings_edit');
  const remove = useDeleteTax();
  const [dialog, setDialog] = useState({ open: false, tax: null as Tax | null, key: 0 });
  const openDialog = (tax: Tax | null) => setDialog((d) => ({ open: true, tax, key: d.key + 1 }));

  const columns: ResourceColumn<Tax>[] = [
    { key: 'id', title: 'taxes.fields.id', sortable: true, align: 'right' },
    { key: 'name', title: 'taxes.fields.name', sortable: true },
    {
      key: 'percentage',
      title: 'taxes.fields.percentage',
      sortable: true,
      align: 'right',
      render: (tax) => formatPercentage(tax.percentage),
    },
    {
      key: 'createdAt',
      title: 'taxes.fields.createdAt',
      sortable: true,
      render: (tax) => formatDateTime(tax.createdAt, timeZone),
    },
  ];

  /** A phone's row as a card: the name and its percentage, when it was created. */
  const phoneCard = (tax: Tax) => (
    <Flex vertical gap={2} style={{ minWidth: 180 }} data-testid="tax-card">
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong>{tax.name}</Typography.Text>
        <span style={{ whiteSpace: 'nowrap' }}>{formatPercentage(tax.percentage)}</span>
      </Flex>
      <Typography.Text type="secondary">{formatDateTime(tax.createdAt, timeZone)}</Typography.Text>
    </Flex>
  );

  const deleteTax = async (tax: Tax) => {
    try {
      await remove.mutateAsync(tax.id);
      message.success(t('taxes.deleted', { name: tax.name }));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const rowActions = (tax: Tax) => (
    <Space size={4}>
      <Button
        type="text"
        icon={<EditOutlined aria-hidden />}
        aria-label={t('taxes.editNamed', { name: tax.name })}
        onClick={() => openDialog(tax)}
      />
      <Popconfirm
        title={t('taxes.deleteConfirm', { name: tax.name })}
        description={t('common.cannotBeUndone')}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => deleteTax(tax)}
      >
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('taxes.deleteNamed', { name: tax.name })}
        />
      </Popconfirm>
    </Space>
  );

  return (
    <>
      <ResourceTable<Tax>
        pageKey="taxes"
        exportList="taxes"
        title="taxes.title"
        countKey="taxes.count"
        columns={columns}
        useList={useTaxList}
        defaultSort={{ field: 'name', order: 'asc' }}
        emptyText="taxes.empty"
        primaryAction={
          canEdit
            ? {
                label: t('taxes.create'),
                icon: <PlusOutlined aria-hidden />,
                onClick: () => openDialog(null),
                testId: 'create-tax',
              }
            : undefined
        }
        rowActions={canEdit ? rowActions : undefined}
        phoneCard={phoneCard}
      />
      {dialog.key > 0 && (
        <Suspense fallback={null}>
          <TaxFormModal
            key={dialog.key}
            tax={dialog.tax}
            open={dialog.open}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      )}
    </>
  );
}
