import type { License } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../../components/palette-tag';

export function LicenseStatusTag({ status }: { status: License['status'] }) {
  const { t } = useTranslation();
  return (
    <PaletteTag palette={status === 'active' ? 'green' : undefined}>
      {t(`licenses.statuses.${status}`)}
    </PaletteTag>
  );
}
