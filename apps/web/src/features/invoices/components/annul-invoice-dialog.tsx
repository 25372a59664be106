import { StopOutlined } from '@ant-design/icons';
import { annulInvoiceBody, type Invoice } from '@mostrador/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { useAnnulInvoice } from '../api';

interface AnnulValues {
  reason: string;
}

/**
 * Annuls an invoice issued by mistake, with its reason (3 to 500 characters, as the server checks), after
 * saying what it means: the number stays used, AEAT gets a cancellation record, the sale may be invoiced
 * again. The server's refusals (already annulled, has rectifying invoices) show in the dialog.
 */
export function AnnulInvoiceDialog({
  invoice,
  onClose,
  onAnnulled,
}: {
  invoice: Pick<Invoice, 'id' | 'code'>;
  onClose: () => void;
  onAnnulled?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<AnnulValues>();
  const annul = useAnnulInvoice();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ reason }: AnnulValues) => {
    setFailure(null);
    try {
      const annulled = await annul.mutateAsync({ id: invoice.id, body: { reason: reason.trim() } });
      message.success(t('invoices.annul.done', { code: invoice.code }));
      onAnnulled?.(annulled);
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, t)) setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title={t('invoices.annul.title', { code: invoice.code })}
      okText={t('invoices.annul.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{
        danger: true,
        icon: <StopOutlined aria-hidden />,
        loading: annul.isPending,
        'data-testid': 'invoice-annul-confirm',
      }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="invoice-annul-dialog"
    >
      <Typography.Paragraph>{t('invoices.annul.intro')}</Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="invoice-annul-error"
        />
      )}
      <Form<AnnulValues>
        form={form}
        name="invoice-annul"
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ reason: '' }}
        onFinish={(values) => void submit(values)}
        noValidate
      >
        <Form.Item
          name="reason"
          label={t('invoices.annul.reason')}
          extra={t('invoices.annul.reasonHelp')}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            zodRule(annulInvoiceBody.shape.reason, t),
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            count={{ show: true, max: 500 }}
            autoFocus
            data-testid="invoice-annul-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
