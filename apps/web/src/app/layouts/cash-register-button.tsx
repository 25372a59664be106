import { CalculatorOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The register dialogs (open, summary, close) come with the sales issue; the button already has its place. */
export function CashRegisterButton({ showLabel }: { showLabel: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const open = () =>
    modal.info({
      title: t('cashRegister.title'),
      content: t('cashRegister.comingWithSales'),
      okText: t('common.ok'),
    });
  return (
    <Button
      icon={<CalculatorOutlined aria-hidden />}
      aria-label={showLabel ? undefined : t('cashRegister.button')}
      data-testid="cash-register-button"
      onClick={open}
    >
      {showLabel && t('cashRegister.button')}
    </Button>
  );
}
