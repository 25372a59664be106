import { FilePdfOutlined, MailOutlined, StopOutlined } from '@ant-design/icons';
import type { Invoice } from '@mostrador/contract';
import { App, Button, Tooltip } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import { addressBody } from '../../mails/api';
import { MailAddressDialog } from '../../mails/components/mail-address-dialog';
import { downloadInvoicePdf, useSendInvoiceMail } from '../api';

// Annulling validates its reason with the contract's schema (zod): the dialog loads when first opened.
const AnnulInvoiceDialog = lazyWithRestOfCatalogue(
  () => import('./annul-invoice-dialog'),
  'AnnulInvoiceDialog',
);

type InvoiceRef = Pick<Invoice, 'id' | 'code'>;

/**
 * An action on an invoice: a labelled button (a drawer's footer, a page) or, `compact`, an icon button
 * named for the invoice (a card's or a row's actions), with its name as a tooltip.
 */
function ActionButton({
  compact,
  label,
  named,
  ...props
}: {
  compact?: boolean;
  label: string;
  named: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
  danger?: boolean;
  'data-testid': string;
}) {
  if (!compact) return <Button {...props}>{label}</Button>;
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={named} {...props} />
    </Tooltip>
  );
}

/** Downloads the invoice's PDF, drawn by the server in the invoice's language. */
export function InvoicePdfButton({ invoice, compact }: { invoice: InvoiceRef; compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      message.error(isApiError(error) ? errorMessage(error) : t('invoices.pdf.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionButton
      compact={compact}
      label={t('invoices.pdf.download')}
      named={t('invoices.pdf.downloadNamed', { code: invoice.code })}
      icon={<FilePdfOutlined aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      data-testid="invoice-pdf"
    />
  );
}

/**
 * "Send by email": the invoice's PDF to its customer's address (`defaultEmail`) or to another
 * customer's; the server queues it in the outbox.
 */
export function SendInvoiceMailButton({
  invoice,
  defaultEmail,
  compact,
}: {
  invoice: InvoiceRef;
  defaultEmail: string | null | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendInvoiceMail();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton
        compact={compact}
        label={t('invoices.mail.action')}
        named={t('invoices.mail.actionNamed', { code: invoice.code })}
        icon={<MailOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="invoice-mail"
      />
      {open && (
        <MailAddressDialog
          title={t('invoices.mail.title', { code: invoice.code })}
          intro={t('invoices.mail.intro')}
          okText={t('invoices.mail.confirm')}
          defaultEmail={defaultEmail}
          onSend={async (email) => {
            const mail = await send.mutateAsync({ id: invoice.id, body: addressBody(email, defaultEmail) });
            message.success(t('invoices.mail.done', { code: invoice.code, email: mail.contactEmail }));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
          testId="invoice-mail-dialog"
        />
      )}
    </>
  );
}

/** Annuls the invoice, with a reason and a confirmation (the caller shows it only with orders_edit). */
export function AnnulInvoiceButton({
  invoice,
  compact,
  onAnnulled,
}: {
  invoice: InvoiceRef;
  compact?: boolean;
  onAnnulled?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton
        compact={compact}
        danger
        label={t('invoices.annul.action')}
        named={t('invoices.annul.actionNamed', { code: invoice.code })}
        icon={<StopOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="invoice-annul"
      />
      {open && (
        <Suspense fallback={null}>
          <AnnulInvoiceDialog invoice={invoice} onClose={() => setOpen(false)} onAnnulled={onAnnulled} />
        </Suspense>
      )}
    </>
  );
}
