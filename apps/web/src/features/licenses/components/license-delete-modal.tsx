import type { LicenseListItem } from '@mostrador/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useDeleteLicense } from '../api';

interface LicenseDeleteModalProps {
  license: Pick<LicenseListItem, 'id' | 'name' | 'code'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Deleting a license loses a whole company: the user types its code to confirm. */
export function LicenseDeleteModal({ license, onClose, onDeleted }: LicenseDeleteModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const remove = useDeleteLicense();
  const [typed, setTyped] = useState('');
  const matches = !!license && typed.trim().toLowerCase() === license.code;

  const close = () => {
    setTyped('');
    onClose();
  };

  const confirm = async () => {
    if (!license || !matches) return;
    try {
      await remove.mutateAsync(license.id);
      message.success(t('licenses.deleted', { name: license.name }));
      close();
      onDeleted?.();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Modal
      open={!!license}
      title={license && t('licenses.delete.title', { name: license.name })}
      okText={t('licenses.delete.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': 'license-delete-confirm' }}
      confirmLoading={remove.isPending}
      onOk={confirm}
      onCancel={close}
    >
      {license && (
        <>
          <Alert
            type="error"
            showIcon
            title={t('licenses.delete.warning')}
            description={t('common.cannotBeUndone')}
            style={{ marginBottom: 16 }}
          />
          <Form layout="vertical" onFinish={confirm}>
            <Form.Item
              label={t('licenses.delete.typeCode', { code: license.code })}
              htmlFor="license-delete-code"
              style={{ marginBottom: 0 }}
            >
              <Input
                id="license-delete-code"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                data-testid="license-delete-code"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
