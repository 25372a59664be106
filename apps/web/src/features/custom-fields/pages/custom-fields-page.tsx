import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { CustomField } from '@mostrador/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { PageHeader } from '../../../components/page-header';
import { PaletteTag } from '../../../components/palette-tag';
import { sessionQueries } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { SettingsReadOnlyAlert } from '../../settings/components/settings-read-only-alert';
import { useDeleteCustomField, useReorderCustomFields } from '../api';
import { CustomFieldFormModal } from '../components/custom-field-form-modal';

/** The ids in their new order once the field at `index` swaps places with its neighbour `by` away. */
export function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const other = index + by;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/**
 * The company's customer fields, in the order the customer form asks for them: add, rename or redefine,
 * move up and down, remove (its values with it). Everyone reads them; changing them needs settings_edit.
 */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const canEdit = usePermissions()('settings_edit');
  const query = useQuery(sessionQueries.customFields);
  const fields = (query.data ?? []).filter((field) => field.entity === 'customer');
  const reorder = useReorderCustomFields();
  const remove = useDeleteCustomField();
  const [dialog, setDialog] = useState({ open: false, field: null as CustomField | null, key: 0 });
  const openDialog = (field: CustomField | null) => setDialog((d) => ({ open: true, field, key: d.key + 1 }));

  const move = async (index: number, by: -1 | 1) => {
    try {
      await reorder.mutateAsync({
        entity: 'customer',
        ids: moved(
          fields.map((f) => f.id),
          index,
          by,
        ),
      });
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const deleteField = async (field: CustomField) => {
    try {
      await remove.mutateAsync(field.id);
      message.success(t('customFields.deleted', { name: field.name }));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const busy = reorder.isPending || query.isFetching;

  const actions = (field: CustomField, index: number) => (
    <Space size={4} wrap={false}>
      <Button
        type="text"
        icon={<ArrowUpOutlined aria-hidden />}
        aria-label={t('customFields.moveUp', { name: field.name })}
        disabled={index === 0 || busy}
        onClick={() => move(index, -1)}
      />
      <Button
        type="text"
        icon={<ArrowDownOutlined aria-hidden />}
        aria-label={t('customFields.moveDown', { name: field.name })}
        disabled={index === fields.length - 1 || busy}
        onClick={() => move(index, 1)}
      />
      <Button
        type="text"
        icon={<EditOutlined aria-hidden />}
        aria-label={t('customFields.editNamed', { name: field.name })}
        onClick={() => openDialog(field)}
      />
      <Popconfirm
        title={t('customFields.deleteConfirm', { name: field.name })}
        description={t('customFields.deleteWarning')}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'custom-field-delete-confirm' }}
        onConfirm={() => deleteField(field)}
      >
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('customFields.deleteNamed', { name: field.name })}
        />
      </Popconfirm>
    </Space>
  );

  return (
    <>
      <PageHeader
        title={t('customFields.title')}
        subtitle={t('customFields.intro')}
        actions={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => openDialog(null)}
              data-testid="create-custom-field"
            >
              {t('customFields.create')}
            </Button>
          )
        }
      />
      {!canEdit && <SettingsReadOnlyAlert />}
      <Card title={t('customFields.customerFields')}>
        {query.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin aria-label={t('common.loading')} />
          </Flex>
        ) : fields.length === 0 ? (
          <Empty description={t('customFields.empty')} />
        ) : (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="custom-field-list">
            {fields.map((field, index) => (
              <li
                key={field.id}
                data-testid="custom-field-row"
                style={{
                  padding: '12px 0',
                  borderTop: index ? '1px solid rgba(5, 5, 5, 0.06)' : undefined,
                }}
              >
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
                    <Typography.Text strong data-testid="custom-field-name">
                      {field.name}
                    </Typography.Text>
                    <Space size={[4, 4]} wrap>
                      <Tag>{t(`customFields.types.${field.type}`)}</Tag>
                      {field.required && (
                        <PaletteTag palette="blue">{t('customFields.fields.required')}</PaletteTag>
                      )}
                    </Space>
                    {field.type === 'select' && (
                      <Typography.Text type="secondary">
                        {t('customFields.fields.options')}: {field.options.join(', ')}
                      </Typography.Text>
                    )}
                  </Flex>
                  {canEdit && actions(field, index)}
                </Flex>
              </li>
            ))}
          </ol>
        )}
      </Card>
      {canEdit && (
        <CustomFieldFormModal
          key={dialog.key}
          field={dialog.field}
          open={dialog.open}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
    </>
  );
}
