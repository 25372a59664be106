import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/records/delete-button';
import { useDeleteCalendar } from '../api';

interface DeleteCalendarButtonProps {
  id: number;
  name: string;
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** A calendar with products or bookings stays: the server says so (1000031) and the message shows it. */
export function DeleteCalendarButton({ id, name, iconOnly, onDeleted }: DeleteCalendarButtonProps) {
  const { t } = useTranslation();
  const remove = useDeleteCalendar();
  return (
    <DeleteButton
      onDelete={() => remove.mutateAsync(id)}
      pending={remove.isPending}
      confirmTitle={t('calendars.deleteConfirm', { name })}
      consequences={t('calendars.deleteConsequences')}
      deletedMessage={t('calendars.deleted', { name })}
      ariaLabel={t('calendars.deleteNamed', { name })}
      iconOnly={iconOnly}
      onDeleted={onDeleted}
      testId="calendar-delete"
    />
  );
}
