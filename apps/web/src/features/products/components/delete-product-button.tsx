import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/records/delete-button';
import { useDeleteProduct } from '../api';

interface DeleteProductButtonProps {
  id: number;
  name: string;
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** A product sold in an order cannot be deleted: the server says so (1000020) and the message shows it. */
export function DeleteProductButton({ id, name, iconOnly, onDeleted }: DeleteProductButtonProps) {
  const { t } = useTranslation();
  const remove = useDeleteProduct();
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync(id)}
      pending={remove.isPending}
      confirmTitle={t('products.deleteConfirm', { name })}
      consequences={t('products.deleteConsequences')}
      deletedMessage={t('products.deleted', { name })}
      ariaLabel={t('products.deleteNamed', { name })}
      iconOnly={iconOnly}
      onDeleted={onDeleted}
      testId="product-delete"
    />
  );
}
