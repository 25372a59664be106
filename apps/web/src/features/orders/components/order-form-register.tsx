import { CalculatorOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import { useOpenRegister } from '../../cash-registers/api';
import { usePermissions } from '../../session/permissions';

// The header's register dialog, loaded when first needed (with the rest of the catalogue: the screen's
// part has only the form's namespaces).
const CashRegisterDialog = lazyWithRestOfCatalogue(
  () => import('../../cash-registers/components/cash-register-dialog'),
  'CashRegisterDialog',
);

/** "Open the cash register": the header's register dialog, from the order form. */
export function OpenRegisterButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!usePermissions()('cashRegisters_open')) return null;
  return (
    <>
      <Button
        size="small"
        icon={<CalculatorOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="order-open-register"
      >
        {t('orders.form.openRegister')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CashRegisterDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Says the register is closed while a cash or card sale is being prepared (it could not be saved), with
 * the way to open it. Silent for those who cannot see the register.
 */
export function RegisterNotice({ physical }: { physical: boolean }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const canSee = can('cashRegisters_find') || can('cashRegisters_open') || can('cashRegisters_close');
  const register = useOpenRegister(physical && canSee);
  if (!physical || !canSee || register.data !== null) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('orders.form.registerClosed')}
      description={
        // The way out under the text: beside it, a narrow column would squeeze the text.
        <>
          <div>{t('orders.form.registerClosedHelp')}</div>
          <div style={{ marginTop: 8 }}>
            <OpenRegisterButton />
          </div>
        </>
      }
      data-testid="order-register-closed"
    />
  );
}
