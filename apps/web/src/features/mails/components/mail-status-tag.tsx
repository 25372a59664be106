import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { MailStatus } from '@mostrador/contract';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../../components/palette-tag';

const looks: Record<MailStatus, { palette: 'gold' | 'green' | 'red'; icon: ComponentType }> = {
  waiting: { palette: 'gold', icon: ClockCircleOutlined },
  sent: { palette: 'green', icon: CheckCircleOutlined },
  failed: { palette: 'red', icon: CloseCircleOutlined },
};

/** A mail's status as a coloured tag (PaletteTag: readable contrast) with its translated label. */
export function MailStatusTag({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  const { palette, icon: Icon } = looks[status];
  return (
    <PaletteTag palette={palette} icon={<Icon aria-hidden />} testId="mail-status-tag" dataStatus={status}>
      {t(`mails.status.${status}`)}
    </PaletteTag>
  );
}
