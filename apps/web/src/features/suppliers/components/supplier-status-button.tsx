import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { SupplierStatus } from '@mostrador/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useSetSupplierStatus } from '../api';

/** What a supplier's status action does: activate an inactive one, deactivate an active one. */
export const statusActionOf = (status: SupplierStatus) => (status === 'active' ? 'deactivate' : 'activate');

export const StatusActionIcon = ({ status }: { status: SupplierStatus }) =>
  status === 'active' ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />;

/** Activates an inactive supplier, deactivates an active one, and says so. */
export function useSupplierStatusAction() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const setStatus = useSetSupplierStatus();
  const run = async (id: number, name: string, status: SupplierStatus) => {
    const next: SupplierStatus = status === 'active' ? 'inactive' : 'active';
    try {
      await setStatus.mutateAsync({ id, status: next });
      message.success(t(next === 'active' ? 'suppliers.activated' : 'suppliers.deactivated', { name }));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  return { run, pending: setStatus.isPending };
}

interface SupplierStatusButtonProps {
  id: number;
  name: string;
  status: SupplierStatus;
}

/** The edit page's activate or deactivate button. */
export function SupplierStatusButton({ id, name, status }: SupplierStatusButtonProps) {
  const { t } = useTranslation();
  const { run, pending } = useSupplierStatusAction();
  const action = statusActionOf(status);
  return (
    <Button
      icon={<StatusActionIcon status={status} />}
      loading={pending}
      onClick={() => void run(id, name, status)}
      data-testid={`supplier-${action}`}
    >
      {t(`suppliers.${action}`)}
    </Button>
  );
}
