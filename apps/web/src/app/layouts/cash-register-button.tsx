import { CalculatorOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRestOfCatalogue } from '../../i18n/catalogue-parts';

// The dialog and its tables load when the button is first used, not with every screen (with the rest of the
// catalogue: a screen with sections has only its own).
const CashRegisterDialog = lazyWithRestOfCatalogue(
  () => import('../../features/cash-registers/components/cash-register-dialog'),
  'CashRegisterDialog',
);

/** Opens the register dialog: open the register when it is closed, its summary (and closing) when open. */
export function CashRegisterButton({ showLabel }: { showLabel: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<CalculatorOutlined aria-hidden />}
        aria-label={showLabel ? undefined : t('cashRegister.button')}
        data-testid="cash-register-button"
        onClick={() => setOpen(true)}
      >
        {showLabel && t('cashRegister.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CashRegisterDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
