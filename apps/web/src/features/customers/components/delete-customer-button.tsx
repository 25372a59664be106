import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useDeleteCustomer } from '../api';

interface DeleteCustomerButtonProps {
  id: number;
  /** The customer's full name, said in the confirmation and the result. */
  name: string;
  /** A bare icon (table rows) or a labelled button (the edit page). */
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** Deletes a customer after a confirmation that names him and says what will be lost. */
export function DeleteCustomerButton({ id, name, iconOnly, onDeleted }: DeleteCustomerButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const remove = useDeleteCustomer();

  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      message.success(t('customers.deleted', { name }));
      onDeleted?.();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Popconfirm
      title={t('customers.deleteConfirm', { name })}
      description={t('customers.deleteConsequences')}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending, 'data-testid': 'customer-delete-confirm' }}
      onConfirm={confirm}
      placement={iconOnly ? 'topRight' : 'bottomRight'}
    >
      {iconOnly ? (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('customers.deleteNamed', { name })}
        />
      ) : (
        <Button danger icon={<DeleteOutlined aria-hidden />} data-testid="customer-delete">
          {t('common.delete')}
        </Button>
      )}
    </Popconfirm>
  );
}
