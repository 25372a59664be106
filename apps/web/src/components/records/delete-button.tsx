import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../api/errors';

interface DeleteButtonProps {
  /** Runs the deletion; a rejection is shown as the API's error message. */
  onDelete: () => Promise<unknown>;
  pending: boolean;
  /** The question, naming what is deleted. */
  confirmTitle: string;
  /** What will be lost. */
  consequences?: string;
  /** Said once deleted. */
  deletedMessage: string;
  /** Accessible name of the bare icon in table rows. */
  ariaLabel: string;
  /** A bare icon (table rows) or a labelled button (the edit page). */
  iconOnly?: boolean;
  onDeleted?: () => void;
  /** `<testId>` on the labelled button, `<testId>-confirm` on the confirmation's button. */
  testId: string;
}

/** Deletes after a confirmation that names the record and says what will be lost. */
export function DeleteButton({
  onDelete,
  pending,
  confirmTitle,
  consequences,
  deletedMessage,
  ariaLabel,
  iconOnly,
  onDeleted,
  testId,
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();

  const confirm = async () => {
    try {
      await onDelete();
      message.success(deletedMessage);
      onDeleted?.();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Popconfirm
      title={confirmTitle}
      description={consequences}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': `${testId}-confirm` }}
      onConfirm={confirm}
      placement={iconOnly ? 'topRight' : 'bottomRight'}
    >
      {iconOnly ? (
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={ariaLabel} />
      ) : (
        <Button danger icon={<DeleteOutlined aria-hidden />} data-testid={testId}>
          {t('common.delete')}
        </Button>
      )}
    </Popconfirm>
  );
}
