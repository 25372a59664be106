import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/records/delete-button';
import { useDeleteSupplier } from '../api';

interface DeleteSupplierButtonProps {
  id: number;
  name: string;
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** Deletes after confirming; a supplier with products stays, and the refusal (1000170) says why. */
export function DeleteSupplierButton({ id, name, iconOnly, onDeleted }: DeleteSupplierButtonProps) {
  const { t } = useTranslation();
  const remove = useDeleteSupplier();
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync(id)}
      pending={remove.isPending}
      confirmTitle={t('suppliers.deleteConfirm', { name })}
      consequences={t('suppliers.deleteConsequences')}
      deletedMessage={t('suppliers.deleted', { name })}
      ariaLabel={t('suppliers.deleteNamed', { name })}
      iconOnly={iconOnly}
      onDeleted={onDeleted}
      testId="supplier-delete"
    />
  );
}
