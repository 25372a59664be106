import type { AnomalyType } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/records/delete-button';
import { useDeleteAnomaly } from '../api';

interface DeleteAnomalyButtonProps {
  calendarId: number;
  id: number;
  type: AnomalyType;
  /** The period as shown in the list, to name what is deleted. */
  from: string;
  to: string;
}

/** Deletes an exception after naming its period and saying what the calendar goes back to. */
export function DeleteAnomalyButton({ calendarId, id, type, from, to }: DeleteAnomalyButtonProps) {
  const { t } = useTranslation();
  const remove = useDeleteAnomaly();
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync({ calendarId, anomalyId: id })}
      pending={remove.isPending}
      confirmTitle={t('anomalies.deleteConfirm', { from, to })}
      consequences={t(`anomalies.deleteConsequences.${type}`)}
      deletedMessage={t('anomalies.deleted', { from, to })}
      ariaLabel={t('anomalies.deleteNamed', { from, to })}
      iconOnly
      testId="anomaly-delete"
    />
  );
}
