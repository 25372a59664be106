import type { SupplierStatus } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../../components/palette-tag';

/** Active in green; inactive without a colour. */
export function SupplierStatusTag({ status }: { status: SupplierStatus }) {
  const { t } = useTranslation();
  return (
    <PaletteTag palette={status === 'active' ? 'green' : undefined} testId="supplier-status">
      {t(`suppliers.statuses.${status}`)}
    </PaletteTag>
  );
}
