import { MailOutlined } from '@ant-design/icons';
import type { Order } from '@mostrador/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressBody, useSendOrderMail } from '../../mails/api';
import { MailAddressDialog } from '../../mails/components/mail-address-dialog';

/**
 * "Send by email": a paid order's receipt, to the order's email (the customer's) or to another
 * customer's address; the server queues it in the outbox and refuses an unpaid order or no address.
 */
export function SendOrderMailButton({
  order,
  defaultEmail,
}: {
  order: Pick<Order, 'id' | 'code'>;
  defaultEmail: string | null | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendOrderMail();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MailOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="order-send-mail">
        {t('orders.view.sendMail')}
      </Button>
      {open && (
        <MailAddressDialog
          title={t('orders.view.sendMailTitle', { code: order.code })}
          intro={t('orders.view.sendMailIntro')}
          okText={t('orders.view.sendMailConfirm')}
          defaultEmail={defaultEmail}
          onSend={async (email) => {
            const mail = await send.mutateAsync({
              orderId: order.id,
              body: addressBody(email, defaultEmail),
            });
            message.success(t('orders.view.sendMailDone', { code: order.code, email: mail.contactEmail }));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
          testId="order-mail-dialog"
        />
      )}
    </>
  );
}
