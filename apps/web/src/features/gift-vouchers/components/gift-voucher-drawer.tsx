import { CalendarOutlined } from '@ant-design/icons';
import type { GiftVoucher } from '@mostrador/contract';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Grid,
  List,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../../api/errors';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { DeleteButton } from '../../../components/records/delete-button';
import { dayjs } from '../../../lib/dayjs';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { BookingStatusTag } from '../../bookings/components/booking-status-tag';
import { viewCustomerPath } from '../../customers/navigation';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useDeleteGiftVoucher, useGiftVoucher, useUpdateGiftVoucher } from '../api';
import { GiftVoucherStatusTag } from './gift-voucher-status-tag';

/** Who bought it: a link to the customer's page for who may open it. */
function Buyer({ voucher }: { voucher: GiftVoucher }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const name = [voucher.customerName, voucher.customerSurname].filter(Boolean).join(' ');
  if (voucher.customerId === null || !name) return <>{t('common.noValue')}</>;
  return can('customers_find') ? <Link to={viewCustomerPath(voucher.customerId)}>{name}</Link> : name;
}

/** The expiry with a form to change it (giftVouchers_edit): a day, valid to its end in the company's zone. */
function ExpiryForm({ voucher, onDone }: { voucher: GiftVoucher; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const update = useUpdateGiftVoucher();
  const [form] = Form.useForm<{ expiresAt: string }>();
  const submit = async ({ expiresAt }: { expiresAt: string }) => {
    try {
      await update.mutateAsync({ id: voucher.id, body: { expiresAt } });
      message.success(t('giftVouchers.expiryChanged'));
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error, t))
        form.setFields([{ name: 'expiresAt', errors: [errorMessage(error)] }]);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ expiresAt: dayjs(voucher.expiresAt).tz(timeZone).format('YYYY-MM-DD') }}
      onFinish={submit}
      data-testid="gift-voucher-expiry-form"
    >
      <Form.Item
        name="expiresAt"
        label={t('giftVouchers.newExpiry')}
        extra={t('giftVouchers.newExpiryHelp')}
        rules={[{ required: true, message: t('validation.required') }]}
        getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : undefined })}
        normalize={(value: dayjs.Dayjs | null) => value?.format('YYYY-MM-DD')}
      >
        <DatePicker
          allowClear={false}
          format="L"
          style={{ width: '100%' }}
          data-testid="gift-voucher-expiry"
        />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={update.isPending}
          data-testid="gift-voucher-expiry-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * One gift voucher: its code and status, what it books and until when, its bookings left and used, who
 * bought it, and the bookings made with it; change its expiry (giftVouchers_edit) and delete it while it
 * was never used (giftVouchers_delete).
 */
export function GiftVoucherDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const { timeZone } = useCompanySettings();
  const query = useGiftVoucher(id);
  const remove = useDeleteGiftVoucher();
  const [editing, setEditing] = useState(false);
  const voucher = query.data;
  const used = !!voucher && (voucher.usedBookings > 0 || voucher.bookings.length > 0);

  const footer =
    voucher && (can('giftVouchers_delete') || can('giftVouchers_edit')) ? (
      <Flex justify="space-between" gap={8} wrap align="center">
        {can('giftVouchers_delete') ? (
          used ? (
            <Typography.Text type="secondary" data-testid="gift-voucher-not-deletable">
              {t('giftVouchers.usedNotDeletable')}
            </Typography.Text>
          ) : (
            <DeleteButton
              onDelete={() => remove.mutateAsync(voucher.id)}
              pending={remove.isPending}
              confirmTitle={t('giftVouchers.deleteConfirm', { code: voucher.code })}
              consequences={t('common.cannotBeUndone')}
              deletedMessage={t('giftVouchers.deleted')}
              ariaLabel={t('giftVouchers.delete')}
              onDeleted={onClose}
              testId="gift-voucher-delete"
            />
          )
        ) : (
          <span />
        )}
        {can('giftVouchers_edit') && !editing && (
          <Button
            icon={<CalendarOutlined aria-hidden />}
            onClick={() => setEditing(true)}
            data-testid="gift-voucher-change-expiry"
          >
            {t('giftVouchers.changeExpiry')}
          </Button>
        )}
      </Flex>
    ) : undefined;

  return (
    <Drawer
      open
      onClose={onClose}
      title={voucher ? t('giftVouchers.drawerTitle', { code: voucher.code }) : t('giftVouchers.title')}
      size={screens.md ? 640 : '100%'}
      footer={footer}
      destroyOnHidden
      data-testid="gift-voucher-drawer"
    >
      {query.isError && !voucher ? (
        <Alert type="error" showIcon title={errorMessage(query.error)} />
      ) : !voucher ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={1}
            data-testid="gift-voucher-facts"
            items={[
              {
                key: 'code',
                label: t('giftVouchers.fields.code'),
                children: (
                  <Typography.Text copyable strong data-testid="gift-voucher-code">
                    {voucher.code}
                  </Typography.Text>
                ),
              },
              {
                key: 'status',
                label: t('giftVouchers.fields.status'),
                children: <GiftVoucherStatusTag status={voucher.status} />,
              },
              { key: 'product', label: t('giftVouchers.fields.productName'), children: voucher.productName },
              {
                key: 'createdAt',
                label: t('giftVouchers.fields.createdAt'),
                children: formatDateTime(voucher.createdAt, timeZone),
              },
              {
                key: 'expiresAt',
                label: t('giftVouchers.fields.expiresAt'),
                children: (
                  <span data-testid="gift-voucher-expires">{formatDate(voucher.expiresAt, timeZone)}</span>
                ),
              },
              {
                key: 'bookings',
                label: t('giftVouchers.fields.bookings'),
                children: t('giftVouchers.bookingsLeft', {
                  available: formatNumber(voucher.numberOfAvailableBookings),
                  maximum: formatNumber(voucher.maximumNumberOfBookings),
                  used: formatNumber(voucher.usedBookings),
                }),
              },
              {
                key: 'customer',
                label: t('giftVouchers.fields.customer'),
                children: <Buyer voucher={voucher} />,
              },
              ...(voucher.orderId !== null && can('orders_find')
                ? [
                    {
                      key: 'order',
                      label: t('giftVouchers.fields.order'),
                      children: (
                        <Link to={`/orders/edit/${voucher.orderId}`}>{t('giftVouchers.openOrder')}</Link>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {editing && <ExpiryForm voucher={voucher} onDone={() => setEditing(false)} />}
          <div>
            <Typography.Title level={5}>{t('giftVouchers.bookingsTitle')}</Typography.Title>
            {voucher.bookings.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('giftVouchers.noBookings')} />
            ) : (
              <List
                size="small"
                bordered
                dataSource={voucher.bookings}
                data-testid="gift-voucher-bookings"
                renderItem={(b) => (
                  <List.Item>
                    <Flex vertical gap={2}>
                      <Typography.Text strong>{formatDateTime(b.startsAt, timeZone)}</Typography.Text>
                      <Typography.Text type="secondary">
                        {b.customerName} · {b.calendarName}
                      </Typography.Text>
                    </Flex>
                    {b.status === 'cancelled' && <BookingStatusTag status="cancelled" />}
                  </List.Item>
                )}
              />
            )}
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
