import { DownloadOutlined } from '@ant-design/icons';
import type { CashRegisterSummary } from '@mostrador/contract';
import { App, Button, Form, Input, Modal, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { downloadRegisterReport, useCloseCashRegister, useOpenRegister } from '../api';
import { OpenRegisterForm } from './open-register-form';
import { RegisterSummary } from './register-summary';

/**
 * The header's register dialog: closed → open it with an initial amount; open → its summary, and closing
 * with notes for those who may close it. Closing downloads the register's PDF report at once; the
 * confirmation offers it again, in case the browser blocked the download.
 */
export function CashRegisterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const canClose = usePermissions()('cashRegisters_close');
  const register = useOpenRegister(open);
  const close = useCloseCashRegister();
  const [closing, setClosing] = useState(false);
  const [notes, setNotes] = useState('');

  const downloadReport = async (closed: CashRegisterSummary) => {
    try {
      await downloadRegisterReport(closed, timeZone);
    } catch {
      message.error(t('cashRegister.reportFailed'));
    }
  };

  const confirmClose = async () => {
    let closed: CashRegisterSummary;
    try {
      closed = await close.mutateAsync({ notes });
    } catch (error) {
      message.error(errorMessage(error));
      return;
    }
    setClosing(false);
    setNotes('');
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

  const summary = register.data;
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
              autoFocus
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
            onClick={() => void confirmClose()}
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
              onClick={() => setClosing(true)}
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
      width={summary && !closing ? 760 : 440}
      destroyOnHidden
      data-testid="cash-register-dialog"
    >
      {body()}
    </Modal>
  );
}
