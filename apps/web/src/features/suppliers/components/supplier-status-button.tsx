import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { SupplierStatus } from '@mostrador/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useSetSupplierStatus } from '../api';

interface SupplierStatusButtonProps {
  id: number;
  name: string;
  status: SupplierStatus;
  /** A bare icon (table rows) or a labelled button (the edit page). */
  iconOnly?: boolean;
}

/** Activates an inactive supplier, deactivates an active one, and says so. */
export function SupplierStatusButton({ id, name, status, iconOnly }: SupplierStatusButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const setStatus = useSetSupplierStatus();
  const next: SupplierStatus = status === 'active' ? 'inactive' : 'active';
  const action = next === 'active' ? 'activate' : 'deactivate';
  const run = async () => {
    try {
      await setStatus.mutateAsync({ id, status: next });
      message.success(t(next === 'active' ? 'suppliers.activated' : 'suppliers.deactivated', { name }));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  const icon = next === 'active' ? <CheckCircleOutlined aria-hidden /> : <StopOutlined aria-hidden />;
  return (
    <Button
      type={iconOnly ? 'text' : 'default'}
      icon={icon}
      loading={setStatus.isPending}
      onClick={() => void run()}
      aria-label={iconOnly ? t(`suppliers.${action}Named`, { name }) : undefined}
      title={iconOnly ? t(`suppliers.${action}`) : undefined}
      data-testid={`supplier-${action}`}
    >
      {iconOnly ? null : t(`suppliers.${action}`)}
    </Button>
  );
}
