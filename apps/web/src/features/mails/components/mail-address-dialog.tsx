import { type ReactNode, Suspense } from 'react';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';

export interface MailAddressDialogProps {
  title: string;
  /** A line above the address saying what will be sent. */
  intro?: ReactNode;
  okText: string;
  /** The address the field starts with (the mail's or the order's). */
  defaultEmail: string | null | undefined;
  /** Sends to the address typed; a rejection is shown: on the field when no customer has the address. */
  onSend: (email: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

// The dialog validates the address with the contract's schema (zod): it loads when first shown, not with the
// lists and records that offer to send a mail (invoices, orders, the outbox).
const MailAddressModal = lazyWithRestOfCatalogue(() => import('./mail-address-modal'), 'MailAddressModal');

/**
 * A short dialog asking where to send a mail (mail-address-modal.tsx), shown by its callers while wanted.
 */
export function MailAddressDialog(props: MailAddressDialogProps) {
  return (
    <Suspense fallback={null}>
      <MailAddressModal {...props} />
    </Suspense>
  );
}
