import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/records/delete-button';
import { useDeleteCustomer } from '../api';

interface DeleteCustomerButtonProps {
  id: number;
  /** The customer's full name, said in the confirmation and the result. */
  name: string;
  iconOnly?: boolean;
  onDeleted?: () => void;
}

export function DeleteCustomerButton({ id, name, iconOnly, onDeleted }: DeleteCustomerButtonProps) {
  const { t } = useTranslation();
  const remove = useDeleteCustomer();
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync(id)}
      pending={remove.isPending}
      confirmTitle={t('customers.deleteConfirm', { name })}
      consequences={t('customers.deleteConsequences')}
      deletedMessage={t('customers.deleted', { name })}
      ariaLabel={t('customers.deleteNamed', { name })}
      iconOnly={iconOnly}
      onDeleted={onDeleted}
      testId="customer-delete"
    />
  );
}
