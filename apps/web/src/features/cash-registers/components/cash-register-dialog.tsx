import { DownloadOutlined } from '@ant-design/icons';
import { type CashRegisterSummary, eurosToCents, formatCents } from '@mostrador/contract';
import { App, Button, Form, Input, Modal, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { downloadRegisterReport, useCloseCashRegister, useOpenRegister } from '../api';
import {
  CashCountForm,
  type CashCountValue,
  closeBodyOf,
  countedCents,
  emptyCashCount,
} from './cash-count-form';
import { OpenRegisterForm } from './open-register-form';
import { RegisterSummary } from './register-summary';

/**
 * The header's register dialog: closed → open it with an initial amount; open → its summary, and closing
 * for those who may close it: the drawer counted (note by note or as one amount) against the cash
 * expected, the difference asked to be confirmed when there is one, and notes. Closing downloads the register's PDF report at once; the
 * confirmation offers it again, in case the browser blocked the download.
 */
export function CashRegisterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, notification, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const canClose = usePermissions()('cashRegisters_close');
  const register = useOpenRegister(open);
  const summary = register.data;
  const close = useCloseCashRegister();
  const [closing, setClosing] = useState(false);
  const [notes, setNotes] = useState('');
  const [count, setCount] = useState<CashCountValue>(emptyCashCount);
  const [countError, setCountError] = useState<string | undefined>();

  const downloadReport = async (closed: CashRegisterSummary) => {
    try {
      await downloadRegisterReport(closed, timeZone);
    } catch {
      message.error(t('cashRegister.reportFailed'));
    }
  };

  /** Closing with a difference is asked first, saying how much is missing or over. */
  const confirmClose = () => {
    const counted = countedCents(count);
    if (counted === null || !summary) {
      setCountError(t('cashRegister.count.required'));
      return;
    }
    const difference = counted - eurosToCents(summary.currentCashAmount);
    if (difference === 0) return void submitClose();
    modal.confirm({
      title: t('cashRegister.count.confirmTitle'),
      content: t(difference < 0 ? 'cashRegister.count.confirmShort' : 'cashRegister.count.confirmOver', {
        amount: formatCents(Math.abs(difference)),
      }),
      okText: t('cashRegister.count.confirmOk'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-close-difference' },
      cancelText: t('cashRegister.back'),
      cancelButtonProps: { 'data-testid': 'cancel-close-difference' },
      onOk: () => submitClose(),
    });
  };

  const submitClose = async () => {
    let closed: CashRegisterSummary;
    try {
      closed = await close.mutateAsync(closeBodyOf(count, notes));
    } catch (error) {
      message.error(errorMessage(error));
      return;
    }
    setClosing(false);
    setNotes('');
    setCount(emptyCashCount);
    onClose();
    // Stays until dismissed: the button is the way to the report when the browser blocked the download.
    // Bottom right, clear of the header and its register button.
    notification.success({
      placement: 'bottomRight',
      key: `cash-register-closed-${closed.id}`,
      title: t('cashRegister.closed'),
      description: closed.reportFileId !== null ? t('cashRegister.reportDownloading') : undefined,
      actions:
        closed.reportFileId !== null ? (
          <Button
            type="primary"
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void downloadReport(closed)}
            data-testid="download-register-report"
          >
            {t('cashRegister.downloadReport')}
          </Button>
        ) : undefined,
      duration: 0,
    });
    void downloadReport(closed);
  };

  const body = () => {
    if (register.isError)
      return (
        <Result
          status="error"
          title={t('cashRegister.loadFailed')}
          subTitle={errorMessage(register.error)}
          extra={<Button onClick={() => void register.refetch()}>{t('common.retry')}</Button>}
        />
      );
    if (register.isLoading) return <Skeleton active />;
    if (!summary) return <OpenRegisterForm onOpened={onClose} />;
    if (closing)
      return (
        <Form layout="vertical" data-testid="close-register-form">
          <CashCountForm
            expectedCash={summary.currentCashAmount}
            value={count}
            onChange={(next) => {
              setCount(next);
              setCountError(undefined);
            }}
            error={countError}
          />
          <Form.Item
            label={t('cashRegister.closingNotes')}
            htmlFor="closing-notes"
            extra={t('cashRegister.closingHelp')}
          >
            <Input.TextArea
              id="closing-notes"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={1000}
            />
          </Form.Item>
        </Form>
      );
    return <RegisterSummary summary={summary} />;
  };

  const footer = !summary
    ? null
    : closing
      ? [
          <Button key="back" onClick={() => setClosing(false)}>
            {t('cashRegister.back')}
          </Button>,
          <Button
            key="close"
            type="primary"
            danger
            loading={close.isPending}
            onClick={confirmClose}
            data-testid="confirm-close-register"
          >
            {t('cashRegister.close')}
          </Button>,
        ]
      : [
          <Button key="done" onClick={onClose}>
            {t('cashRegister.done')}
          </Button>,
          canClose && (
            <Button
              key="close"
              type="primary"
              danger
              onClick={() => {
                setClosing(true);
                // The expected cash as of now: other cashiers may have sold since the dialog opened.
                void register.refetch();
              }}
              data-testid="close-register"
            >
              {t('cashRegister.closeRegister')}
            </Button>
          ),
        ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={summary ? t('cashRegister.summaryTitle') : t('cashRegister.openTitle')}
      footer={footer}
      width={summary && !closing ? 760 : closing ? 600 : 440}
      destroyOnHidden
      data-testid="cash-register-dialog"
    >
      {body()}
    </Modal>
  );
}
