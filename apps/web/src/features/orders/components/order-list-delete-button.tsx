import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/records/delete-button';
import { useDeleteOrder } from '../api';

interface DeleteOrderButtonProps {
  id: number;
  /** The order's number, said in the confirmation and the result. */
  code: number;
  /** A refund gives its units back to the original order when deleted. */
  isRefund: boolean;
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** Deletes an order after a confirmation naming it and what is lost (an invoiced order answers 1000006). */
export function DeleteOrderButton({ id, code, isRefund, iconOnly, onDeleted }: DeleteOrderButtonProps) {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync(id)}
      pending={remove.isPending}
      confirmTitle={t(isRefund ? 'orders.list.deleteRefundConfirm' : 'orders.list.deleteConfirm', { code })}
      consequences={t(isRefund ? 'orders.list.deleteRefundConsequences' : 'orders.list.deleteConsequences')}
      deletedMessage={t('orders.list.deleted', { code })}
      ariaLabel={t('orders.list.deleteNamed', { code })}
      iconOnly={iconOnly}
      onDeleted={onDeleted}
      testId="order-delete"
    />
  );
}
