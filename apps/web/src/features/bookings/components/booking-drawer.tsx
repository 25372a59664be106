import { CheckOutlined, CloseOutlined, GiftOutlined, StopOutlined } from '@ant-design/icons';
import {
  bookingRescheduleRefusalCodes,
  bookingStartRefusalCodes,
  giftVoucherRedeemRefusalCodes,
  packSessionRefusalCodes,
  programBookingRefusalCodes,
} from '@mostrador/contract';
import {
  App,
  Button,
  Col,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { DeleteButton } from '../../../components/records/delete-button';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros } from '../../../lib/format';
import { CustomerSelect } from '../../customers/components/customer-select';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import {
  useAvailability,
  useBookableProducts,
  useBooking,
  useCalendarNames,
  useCreateBooking,
  useDeleteBooking,
  useMarkAttendance,
  usePackSessions,
  useProgramSubscriptions,
  useUpdateBooking,
} from '../api';
import {
  type BookingDraft,
  type BookingFormValues,
  type BookingInDrawer,
  initialValues,
  nextDay,
  sameInstant,
  startOptions,
} from '../booking-values';
import { BookingPackField } from './booking-pack-field';
import { BookingProgramField } from './booking-program-field';
import { BookingSale } from './booking-sale';

const HOUR = 3_600_000;

interface BookingDrawerProps {
  open: boolean;
  /** The booking to edit; none to create one (from `draft`). */
  booking?: BookingInDrawer;
  draft?: BookingDraft;
  onClose: () => void;
  /** A new booking was made (before the drawer closes). */
  onCreated?: () => void;
}

/**
 * Create or edit a booking: calendar, product, customer, then a day and one of its free start times (from
 * the calendar's availability), quantity, unit price and notes. Editing also marks attendance, cancels and
 * deletes; moving a booking against its product's rules asks before overriding them. A cancelled booking is
 * shown read-only with its tag (the calendar no longer shows it: it takes no place).
 */
export function BookingDrawer({ open, booking, draft, onClose, onCreated }: BookingDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const { timeZone } = settings;
  const can = usePermissions();
  const [form] = Form.useForm<BookingFormValues>();
  const screens = Grid.useBreakpoint();
  const initial = useMemo(() => initialValues(booking, draft, timeZone), [booking, draft, timeZone]);
  const calendars = useCalendarNames();
  const calendarId = Form.useWatch('bookingCalendarId', form);
  const productId = Form.useWatch('productId', form);
  const day = Form.useWatch('day', form) ?? initial.day;
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const voucherCode = (Form.useWatch('giftVoucherCode', form) ?? '').trim();
  const customerId = Form.useWatch('customerId', form);
  const balanceId = Form.useWatch('balanceId', form) ?? undefined;
  const subscriptionId = Form.useWatch('subscriptionId', form) ?? undefined;
  const products = useBookableProducts(calendarId);
  const product = products.data.find((p) => p.id === productId);
  const availability = useAvailability(calendarId, productId, day as string, nextDay(day as string));
  const create = useCreateBooking();
  const update = useUpdateBooking();
  const remove = useDeleteBooking();
  const attendance = useMarkAttendance();
  // A new booking may be paid with a session of the customer's pack for the product.
  const packs = usePackSessions(customerId, productId, !booking && can('bookings_create'));
  // Or made free by the customer's program subscription that includes the product.
  const programs = useProgramSubscriptions(customerId, productId, !booking && can('bookings_create'));
  const paidAlready = !!(voucherCode || balanceId || subscriptionId);
  // The record: its status, and the order or gift voucher that paid it.
  const record = useBooking(booking?.id).data;
  // A session or a subscription paid one unit for its holder (the server refuses other changes, 1000203).
  const prepaidFor = !!(record?.balanceName || record?.subscriptionName);
  const cancelled = record?.status === 'cancelled';
  const canEdit = can('bookings_edit');
  const readOnly = !!booking && (!canEdit || cancelled);

  // A single calendar needs no choosing.
  useEffect(() => {
    if (!booking && !form.getFieldValue('bookingCalendarId') && calendars.data?.length === 1)
      form.setFieldValue('bookingCalendarId', calendars.data[0]?.id);
  }, [booking, calendars.data, form]);

  // A start chosen before (a click in the view, another product) stays while the day still offers it.
  useEffect(() => {
    const chosen = form.getFieldValue('startsAt') as string | undefined;
    if (!availability.data || !chosen || sameInstant(chosen, booking?.startsAt)) return;
    const offered = availability.data.items.some(
      (item) => item.status !== 'exceptionally_closed' && sameInstant(item.startsAt, chosen),
    );
    if (!offered) form.setFieldValue('startsAt', undefined);
  }, [availability.data, booking?.startsAt, form]);

  const starts = startOptions(availability.data?.items ?? [], booking?.startsAt, quantity);
  const closed = (availability.data?.items ?? []).filter((i) => i.status === 'exceptionally_closed');
  const time = (iso: string) => dayjs(iso).tz(timeZone).format('HH:mm');

  const send = async (values: BookingFormValues, override = false): Promise<void> => {
    const common = {
      bookingCalendarId: values.bookingCalendarId as number,
      customerId: values.customerId as number,
      startsAt: values.startsAt as string,
      quantity: values.quantity,
      notes: values.notes,
    };
    try {
      if (booking) {
        await update.mutateAsync({
          id: booking.id,
          body: { ...common, price: values.price ?? booking.price, overrideRescheduleRules: override },
        });
        message.success(t('bookings.updated'));
      } else {
        const code = values.giftVoucherCode?.trim();
        await create.mutateAsync({
          ...common,
          productId: values.productId as number,
          // A pack's session or a voucher pays it: the server books it at price 0.
          ...(values.subscriptionId
            ? { subscriptionId: values.subscriptionId }
            : values.balanceId
              ? { balanceId: values.balanceId }
              : code
                ? { giftVoucherCode: code }
                : { price: values.price ?? undefined }),
        });
        message.success(t('bookings.created'));
        onCreated?.();
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && bookingRescheduleRefusalCodes.includes(error.code) && !override) {
        modal.confirm({
          title: t('bookings.overrideTitle'),
          content: `${t(`errors.${error.code}`)} ${t('bookings.overrideQuestion')}`,
          okText: t('bookings.overrideConfirm'),
          cancelText: t('common.cancel'),
          onOk: () => send(values, true),
        });
      } else if (isApiError(error) && giftVoucherRedeemRefusalCodes.includes(error.code)) {
        form.setFields([{ name: 'giftVoucherCode', errors: [errorMessage(error)] }]);
      } else if (isApiError(error) && packSessionRefusalCodes.includes(error.code)) {
        form.setFields([{ name: 'balanceId', errors: [errorMessage(error)] }]);
        void packs.refetch();
      } else if (isApiError(error) && programBookingRefusalCodes.includes(error.code)) {
        form.setFields([{ name: 'subscriptionId', errors: [errorMessage(error)] }]);
        void programs.refetch();
      } else if (isApiError(error) && bookingStartRefusalCodes.includes(error.code)) {
        form.setFields([{ name: 'startsAt', errors: [errorMessage(error)] }]);
        void availability.refetch();
      } else if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
      }
    }
  };

  /**
   * Cancel (PUT with status cancelled, the rest as it is saved): asked first, saying whether the voucher
   * that paid it gets its use back (cancelled at least the free-cancellation hours before its start, as
   * the server decides) and that a sold booking's money is given back only by refunding its order.
   */
  const askCancel = () => {
    if (!booking || !record) return;
    const hours = settings.bookings.freeCancellationHours;
    const inTime = Date.parse(record.startsAt) - Date.now() >= hours * HOUR;
    const start = dayjs(record.startsAt).tz(timeZone);
    const lines = [
      t('bookings.cancelWhat', { date: start.format('LL'), time: start.format('HH:mm') }),
      record.giftVoucherCode
        ? t(inTime ? 'bookings.cancelVoucherBack' : 'bookings.cancelVoucherLost', {
            code: record.giftVoucherCode,
            hours,
          })
        : undefined,
      record.balanceName
        ? t(inTime ? 'bookings.cancelPackBack' : 'bookings.cancelPackLost', {
            name: record.balanceName,
            hours,
          })
        : undefined,
      record.orderId !== null ? t('bookings.cancelSold') : undefined,
    ].filter((line): line is string => !!line);
    modal.confirm({
      title: t('bookings.cancelConfirm', { name: booking.customerName }),
      content: (
        <Flex vertical gap={8} data-testid="booking-cancel-dialog">
          {lines.map((line) => (
            <Typography.Paragraph key={line} style={{ marginBottom: 0 }}>
              {line}
            </Typography.Paragraph>
          ))}
        </Flex>
      ),
      okText: t('bookings.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'booking-cancel-ok' },
      cancelText: t('bookings.keep'),
      onOk: async () => {
        try {
          await update.mutateAsync({
            id: booking.id,
            body: {
              bookingCalendarId: record.bookingCalendarId,
              customerId: record.customerId,
              startsAt: record.startsAt,
              quantity: record.quantity,
              price: record.price,
              notes: record.notes ?? undefined,
              status: 'cancelled',
            },
          });
          message.success(t('bookings.cancelledMessage'));
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });
  };

  const markAttendance = async (attended: boolean) => {
    if (!booking) return;
    try {
      await attendance.mutateAsync({ id: booking.id, attended });
      message.success(t(attended ? 'bookings.markedAttended' : 'bookings.markedUnattended'));
      onClose();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const footer = (
    <Flex justify="space-between" gap={8} wrap>
      <Space wrap>
        {booking && can('bookings_delete') && (
          <DeleteButton
            onDelete={() => remove.mutateAsync(booking.id)}
            pending={remove.isPending}
            confirmTitle={t('bookings.deleteConfirm', { name: booking.customerName })}
            consequences={t('common.cannotBeUndone')}
            deletedMessage={t('bookings.deleted')}
            ariaLabel={t('bookings.delete')}
            onDeleted={onClose}
            testId="booking-delete"
          />
        )}
        {booking && canEdit && record?.status === 'confirmed' && (
          <Button
            danger
            icon={<StopOutlined aria-hidden />}
            loading={update.isPending && update.variables?.body.status === 'cancelled'}
            onClick={askCancel}
            data-testid="booking-cancel"
          >
            {t('bookings.cancel')}
          </Button>
        )}
      </Space>
      <Space wrap>
        <Button onClick={onClose}>{t(readOnly ? 'bookings.close' : 'common.cancel')}</Button>
        {!readOnly && (
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => form.submit()}
            data-testid="booking-save"
          >
            {t(booking ? 'common.save' : 'bookings.book')}
          </Button>
        )}
      </Space>
    </Flex>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={booking ? t('bookings.editTitle', { name: booking.customerName }) : t('bookings.createTitle')}
      // The whole width of a phone; beside the calendar on wider screens.
      size={screens.sm ? 560 : '100%'}
      footer={footer}
      destroyOnHidden
      data-testid="booking-drawer"
    >
      {cancelled && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-cancelled">
          <Tag color="red" style={{ marginInlineEnd: 0 }}>
            {t('bookings.statuses.cancelled')}
          </Tag>
          <Typography.Text type="secondary">{t('bookings.cancelledHelp')}</Typography.Text>
        </Flex>
      )}
      {booking && <BookingSale bookingId={booking.id} />}
      {booking && !cancelled && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-attendance">
          <Typography.Text>
            {booking.attended === null
              ? t('bookings.attendanceUnknown')
              : t(booking.attended ? 'bookings.attendedYes' : 'bookings.attendedNo')}
          </Typography.Text>
          {canEdit && (
            <>
              <Button
                size="small"
                icon={<CheckOutlined aria-hidden />}
                disabled={booking.attended === true}
                loading={attendance.isPending && attendance.variables?.attended === true}
                onClick={() => void markAttendance(true)}
              >
                {t('bookings.markAttended')}
              </Button>
              <Button
                size="small"
                icon={<CloseOutlined aria-hidden />}
                disabled={booking.attended === false}
                loading={attendance.isPending && attendance.variables?.attended === false}
                onClick={() => void markAttendance(false)}
              >
                {t('bookings.markUnattended')}
              </Button>
            </>
          )}
        </Flex>
      )}
      <Form<BookingFormValues>
        name="booking"
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onFinish={(values) => send(values)}
        onValuesChange={(changed) => {
          // A new calendar, product or day invalidates the chosen start; a new product brings its price.
          if ('bookingCalendarId' in changed)
            form.setFieldsValue({ productId: undefined, startsAt: undefined });
          if ('day' in changed) form.setFieldValue('startsAt', undefined);
          if ('productId' in changed) {
            const chosen = products.data.find((p) => p.id === changed.productId);
            if (chosen) form.setFieldValue('price', chosen.price);
          }
          // Another customer or product has other packs; a pack's session pays one unit.
          if (
            'bookingCalendarId' in changed ||
            'productId' in changed ||
            'customerId' in changed ||
            ('quantity' in changed && changed.quantity !== 1)
          )
            form.setFieldsValue({ balanceId: undefined, subscriptionId: undefined });
        }}
        requiredMark
        data-testid="booking-form"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="bookingCalendarId"
              label={t('bookings.fields.calendar')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Select
                loading={calendars.isLoading}
                options={(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                data-testid="booking-calendar"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="productId"
              label={t('bookings.fields.product')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Select
                disabled={!!booking || !calendarId}
                loading={products.isLoading}
                notFoundContent={t('bookings.noProducts')}
                options={products.data.map((p) => ({ value: p.id, label: p.name }))}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="booking-product"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="customerId"
              label={t('bookings.fields.customer')}
              rules={[{ required: true, message: t('validation.required') }]}
              extra={prepaidFor ? t('bookings.prepaidKeepsCustomer') : undefined}
            >
              <CustomerSelect
                disabled={prepaidFor}
                currentLabel={booking?.customerName ?? undefined}
                placeholder={t('bookings.searchCustomer')}
                notFoundContent={t('bookings.noCustomers')}
                data-testid="booking-customer"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name="day"
              label={t('bookings.fields.day')}
              rules={[{ required: true, message: t('validation.required') }]}
              getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : undefined })}
              normalize={(value: dayjs.Dayjs | null) => value?.format('YYYY-MM-DD')}
            >
              <DatePicker allowClear={false} format="L" style={{ width: '100%' }} data-testid="booking-day" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item
              name="startsAt"
              label={t('bookings.fields.time')}
              rules={[{ required: true, message: t('bookings.chooseTime') }]}
              extra={
                product
                  ? t('bookings.durationHelp', { minutes: product.duration ?? 0 })
                  : t('bookings.chooseProductFirst')
              }
            >
              <Select
                disabled={!productId}
                loading={availability.isFetching}
                notFoundContent={closed.length ? t('bookings.closedThatDay') : t('bookings.noStartsThatDay')}
                placeholder={t('bookings.chooseTime')}
                // A start not among the options (the day's are loading, or another day's) still reads as a time.
                labelRender={({ label, value }) => label ?? (typeof value === 'string' ? time(value) : value)}
                options={starts.map((s) => ({
                  value: s.value,
                  disabled: s.full && !s.isCurrent,
                  label: s.isCurrent
                    ? t('bookings.currentStart', { time: time(s.value) })
                    : s.full
                      ? t('bookings.startFull', { time: time(s.value) })
                      : t('bookings.startFree', { time: time(s.value), count: s.freeSpaces }),
                }))}
                data-testid="booking-time"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="quantity"
              label={t('bookings.fields.quantity')}
              rules={[{ required: true, type: 'number', min: 1, message: t('validation.min', { min: 1 }) }]}
            >
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} disabled={prepaidFor} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="price"
              label={t('bookings.fields.price')}
              extra={
                subscriptionId || record?.subscriptionName
                  ? t('bookings.program.priceFree')
                  : balanceId || record?.balanceName
                    ? t('bookings.pack.pricePaid')
                    : voucherCode || record?.giftVoucherCode
                      ? t('bookings.voucher.pricePaid')
                      : product
                        ? t('bookings.productPrice', { price: formatEuros(product.price) })
                        : undefined
              }
            >
              <DecimalInput
                min={0}
                step={0.01}
                suffix="€"
                disabled={
                  paidAlready ||
                  !!(record?.giftVoucherCode || record?.balanceName || record?.subscriptionName)
                }
              />
            </Form.Item>
          </Col>
          {!booking && (
            <Col xs={24}>
              <BookingProgramField
                programs={programs.data ?? []}
                timeZone={timeZone}
                disabledBecause={
                  voucherCode || balanceId
                    ? t('bookings.program.alreadyPaid')
                    : quantity !== 1
                      ? t('bookings.program.oneUnit')
                      : undefined
                }
              />
            </Col>
          )}
          {!booking && (
            <Col xs={24}>
              <BookingPackField
                packs={packs.data ?? []}
                timeZone={timeZone}
                disabledBecause={
                  subscriptionId
                    ? t('bookings.pack.notWithProgram')
                    : voucherCode
                      ? t('bookings.pack.notWithVoucher')
                      : quantity !== 1
                        ? t('bookings.pack.oneUnit')
                        : undefined
                }
              />
            </Col>
          )}
          {!booking && (
            <Col xs={24} sm={16}>
              <Form.Item
                name="giftVoucherCode"
                label={t('bookings.voucher.field')}
                extra={t('bookings.voucher.help')}
                normalize={(value: string) => value.toUpperCase()}
              >
                <Input
                  prefix={<GiftOutlined aria-hidden />}
                  placeholder="ABCD-EFGH-JKMN"
                  maxLength={40}
                  autoComplete="off"
                  spellCheck={false}
                  style={{ fontFamily: 'monospace' }}
                  disabled={!!(balanceId || subscriptionId)}
                  data-testid="booking-voucher"
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <Form.Item name="notes" label={t('bookings.fields.notes')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
