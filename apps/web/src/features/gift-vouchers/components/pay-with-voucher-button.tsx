import { GiftOutlined } from '@ant-design/icons';
import { giftVoucherRedeemRefusalCodes } from '@mostrador/contract';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { useCreateBooking } from '../../bookings/api';

interface PayWithVoucherProps {
  bookingCalendarId?: number;
  productId: number;
  customerId?: number | null;
  startsAt?: string;
  quantity: number;
  /** The booking was made with the voucher: the order line it replaces goes. */
  onBooked: () => void;
  testId: string;
}

/**
 * An order line's booking paid with a gift voucher instead of the order: the code is asked in a dialog,
 * the booking made through the bookings API with it (price 0, no order) and the line removed from the
 * order. The server's refusals (unknown, expired, used up, another product, one still pending) show on
 * the code's field.
 */
export function PayWithVoucherButton({
  bookingCalendarId,
  productId,
  customerId,
  startsAt,
  quantity,
  onBooked,
  testId,
}: PayWithVoucherProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const create = useCreateBooking();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const ready = !!bookingCalendarId && !!startsAt && !!customerId && quantity === 1;
  const submit = async ({ code }: { code: string }) => {
    try {
      await create.mutateAsync({
        bookingCalendarId: bookingCalendarId as number,
        productId,
        customerId: customerId as number,
        startsAt: startsAt as string,
        quantity: 1,
        giftVoucherCode: code,
      });
      message.success(t('bookings.voucher.bookedWithVoucher'));
      setOpen(false);
      onBooked();
    } catch (error) {
      if (isApiError(error) && giftVoucherRedeemRefusalCodes.includes(error.code))
        form.setFields([{ name: 'code', errors: [errorMessage(error)] }]);
      else message.error(errorMessage(error));
    }
  };
  return (
    <>
      <Button
        size="small"
        icon={<GiftOutlined aria-hidden />}
        disabled={!ready}
        title={ready ? undefined : t('bookings.voucher.payNeeds')}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {t('bookings.voucher.pay')}
      </Button>
      {open && (
        <Modal
          open
          title={t('bookings.voucher.payTitle')}
          okText={t('bookings.book')}
          cancelText={t('common.cancel')}
          confirmLoading={create.isPending}
          onOk={() => form.submit()}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          {/* No <form> element: the dialog sits inside the order's form in React's tree, where a submit
              would bubble to the order and place it. */}
          <Form form={form} component={false} layout="vertical" onFinish={submit}>
            <Form.Item
              name="code"
              label={t('bookings.voucher.field')}
              extra={t('bookings.voucher.payHelp')}
              rules={[{ required: true, message: t('validation.required') }]}
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input
                prefix={<GiftOutlined aria-hidden />}
                placeholder="ABCD-EFGH-JKMN"
                autoComplete="off"
                spellCheck={false}
                style={{ fontFamily: 'monospace' }}
                onPressEnter={(event) => {
                  event.preventDefault();
                  form.submit();
                }}
                data-testid={`${testId}-code`}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
