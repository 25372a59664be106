import { CalendarOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatCents,
  isBookableType,
  orderLineBody,
  type Product,
  type ProductListItem,
} from '@mostrador/contract';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormInstance,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { zodRule } from '../../../components/forms/zod-rule';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros, formatPercentage } from '../../../lib/format';
import { useAvailability, useBooking, useCalendarNames } from '../../bookings/api';
import { nextDay, startOptions } from '../../bookings/booking-values';
import { PayWithVoucherButton } from '../../gift-vouchers/components/pay-with-voucher-button';
import { useProduct } from '../../products/api';
import { useCompanySettings, useTaxesById } from '../../session/api';
import { useProductSearch } from '../api';
import {
  centsOf,
  emptyLine,
  lineFigures,
  type OrderFormValues,
  type OrderLineValues,
} from './order-form-values';

const shape = orderLineBody.shape;

/** The tax percentage a line is priced with: its product's tax now (as the server does), else the sold one. */
export function useLinePercentage(product: Product | undefined, line: OrderLineValues | undefined) {
  const taxes = useTaxesById();
  const tax = product ? taxes[product.taxType] : undefined;
  return { tax, percentage: tax?.percentage ?? line?.taxPercentage };
}

/** A product search showing each product's price; the chosen product's price fills the line's. */
function ProductSelect({
  id,
  value,
  onChange,
  currentLabel,
  onPicked,
  disabled,
  testId,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  currentLabel?: string;
  onPicked: (product: ProductListItem) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useProductSearch(debounced);
  const items = search.data ?? [];
  const options = items.map((p) => ({ value: p.id, label: p.name, price: formatEuros(p.price) }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: currentLabel ?? t('common.loading'), price: '' });
  return (
    <Select<number>
      id={id}
      value={value}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      onChange={(next) => {
        onChange?.(next);
        const picked = items.find((p) => p.id === next);
        if (picked) onPicked(picked);
      }}
      loading={search.isFetching}
      placeholder={t('orders.form.searchProduct')}
      notFoundContent={t('orders.form.noProducts')}
      options={options}
      optionRender={(option) => (
        <Flex justify="space-between" gap={8}>
          <span style={{ whiteSpace: 'normal' }}>{option.data.label}</span>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {option.data.price}
          </Typography.Text>
        </Flex>
      )}
      data-testid={testId}
    />
  );
}

/** The start of a booking the line already holds (edit): shown, not changed here. */
function ExistingBooking({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const booking = useBooking(bookingId);
  return (
    <Typography.Paragraph data-testid="order-line-booked" style={{ marginBottom: 16 }}>
      <CalendarOutlined aria-hidden />{' '}
      {booking.data
        ? t('orders.form.booked', { date: dayjs(booking.data.startsAt).tz(timeZone).format('L LT') })
        : t('common.loading')}
    </Typography.Paragraph>
  );
}

/** The calendar, day and free start time of a line whose product is booked on a calendar. */
function BookingFields({
  form,
  index,
  product,
  line,
  onPaidWithVoucher,
}: {
  form: FormInstance<OrderFormValues>;
  index: number;
  product: Product;
  line: OrderLineValues;
  /** The booking was made with a gift voucher instead: the line goes. */
  onPaidWithVoucher: () => void;
}) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const calendars = useCalendarNames();
  const customerId = Form.useWatch('customerId', form);
  const day = line.day;
  const quantity = line.quantity && line.quantity > 0 ? line.quantity : 1;
  const availability = useAvailability(
    line.bookingCalendarId,
    product.id,
    day ?? '',
    day ? nextDay(day) : '',
  );
  const items = day ? (availability.data?.items ?? []) : [];
  const starts = startOptions(items, undefined, quantity * (product.spacesOccupiedInTheCalendar ?? 1));
  const closed = items.some((i) => i.status === 'exceptionally_closed');
  const time = (iso: string) => dayjs(iso).tz(timeZone).format('HH:mm');
  const required = product.type === 'bookable';
  const path = (field: keyof OrderLineValues) => [index, field];

  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item
          name={path('bookingCalendarId')}
          label={t('orders.form.fields.calendar')}
          rules={[{ required, message: t('validation.required') }]}
        >
          <Select
            disabled={product.bookingCalendarId !== null}
            loading={calendars.isLoading}
            options={(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={() => form.setFieldValue(['lines', index, 'startsAt'], undefined)}
            data-testid={`order-line-${index}-calendar`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={7}>
        <Form.Item
          name={path('day')}
          label={t('orders.form.fields.day')}
          getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : undefined })}
          normalize={(value: dayjs.Dayjs | null) => value?.format('YYYY-MM-DD')}
        >
          <DatePicker
            allowClear={false}
            format="L"
            style={{ width: '100%' }}
            onChange={() => form.setFieldValue(['lines', index, 'startsAt'], undefined)}
            data-testid={`order-line-${index}-day`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={9}>
        <Form.Item
          name={path('startsAt')}
          label={t('orders.form.fields.start')}
          rules={[{ required, message: t('orders.form.chooseStart') }]}
          extra={required ? undefined : t('orders.form.bookLater')}
        >
          <Select
            allowClear={!required}
            disabled={!line.bookingCalendarId || !day}
            loading={availability.isFetching}
            notFoundContent={closed ? t('bookings.closedThatDay') : t('bookings.noStartsThatDay')}
            placeholder={t('orders.form.chooseStart')}
            options={starts.map((s) => ({
              value: s.value,
              disabled: s.full,
              label: s.full
                ? t('bookings.startFull', { time: time(s.value) })
                : t('bookings.startFree', { time: time(s.value), count: s.freeSpaces }),
            }))}
            data-testid={`order-line-${index}-start`}
          />
        </Form.Item>
      </Col>
      {/* A gift voucher pays the booking instead of the order: booked apart, the line goes. */}
      {product.type === 'bookable_gift' && (
        <Col xs={24} style={{ marginBottom: 12 }}>
          <PayWithVoucherButton
            bookingCalendarId={line.bookingCalendarId}
            productId={product.id}
            customerId={customerId}
            startsAt={line.startsAt}
            quantity={quantity}
            onBooked={onPaidWithVoucher}
            testId={`order-line-${index}-voucher`}
          />
        </Col>
      )}
    </Row>
  );
}

/** One line: product, quantity, unit price, discount, its tax and total; a booked product's start. */
function OrderLineCard({
  form,
  index,
  count,
  onRemove,
}: {
  form: FormInstance<OrderFormValues>;
  index: number;
  count: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const line = (Form.useWatch(['lines', index], { form, preserve: true }) ?? {}) as OrderLineValues;
  const product = useProduct(line.productId).data;
  const { tax, percentage } = useLinePercentage(product, line);
  const figures = lineFigures(line, percentage);
  const bookable = !!product && isBookableType(product.type);
  const path = (field: keyof OrderLineValues) => [index, field];

  // A booked product brings its calendar, and today to choose a start from.
  useEffect(() => {
    if (!product || !isBookableType(product.type) || line.bookingId) return;
    const current = form.getFieldValue(['lines', index]) as OrderLineValues | undefined;
    if (!current?.bookingCalendarId && product.bookingCalendarId !== null)
      form.setFieldValue(['lines', index, 'bookingCalendarId'], product.bookingCalendarId);
    if (!current?.day) form.setFieldValue(['lines', index, 'day'], dayjs().tz(timeZone).format('YYYY-MM-DD'));
  }, [product, form, index, line.bookingId, timeZone]);

  const picked = (item: ProductListItem) => {
    // Another product: its price, and no start of the previous one.
    form.setFieldValue(['lines', index], {
      ...form.getFieldValue(['lines', index]),
      productId: item.id,
      productName: item.name,
      unitPrice: item.price,
      bookingCalendarId: undefined,
      startsAt: undefined,
      taxPercentage: undefined,
    });
    void form.validateFields([['lines', index, 'discount']]).catch(() => undefined);
  };

  return (
    <Card
      size="small"
      type="inner"
      title={t('orders.form.line', { n: index + 1 })}
      style={{ marginBottom: 12 }}
      // The fields' own bottom margins close the card.
      styles={{ body: { paddingBottom: 0 } }}
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('orders.form.removeLine', { n: index + 1 })}
          disabled={count <= 1}
          onClick={onRemove}
          data-testid={`order-line-${index}-remove`}
        />
      }
      data-testid={`order-line-${index}`}
    >
      <Row gutter={12}>
        <Col xs={24} md={24}>
          <Form.Item
            name={path('productId')}
            label={t('orders.form.fields.product')}
            required
            rules={[{ required: true, message: t('validation.required') }]}
            extra={line.bookingId ? t('orders.form.bookedKeepsProduct') : undefined}
          >
            <ProductSelect
              currentLabel={product?.name ?? line.productName}
              onPicked={picked}
              disabled={!!line.bookingId}
              testId={`order-line-${index}-product`}
            />
          </Form.Item>
        </Col>
        <Col xs={8} md={5}>
          <Form.Item
            name={path('quantity')}
            label={t('orders.form.fields.quantity')}
            required
            rules={[zodRule(shape.quantity, t)]}
          >
            <InputNumber
              min={1}
              max={10_000}
              precision={0}
              disabled={!!line.chargesBooking}
              style={{ width: '100%' }}
              onChange={() => void form.validateFields([['lines', index, 'discount']]).catch(() => undefined)}
              data-testid={`order-line-${index}-quantity`}
            />
          </Form.Item>
        </Col>
        <Col xs={16} md={7}>
          <Form.Item
            name={path('unitPrice')}
            label={t('orders.form.fields.unitPrice')}
            required
            rules={[zodRule(shape.unitPrice, t)]}
          >
            <DecimalInput min={0} step={0.01} suffix="€" data-testid={`order-line-${index}-price`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name={path('discount')}
            label={t('orders.form.fields.discount')}
            dependencies={[
              ['lines', index, 'quantity'],
              ['lines', index, 'unitPrice'],
            ]}
            rules={[
              zodRule(shape.discount, t),
              {
                validator: async (_rule, value: number | null | undefined) => {
                  const current = form.getFieldValue(['lines', index]) as OrderLineValues | undefined;
                  const discount = centsOf(value);
                  const price = centsOf(current?.unitPrice);
                  const quantity = current?.quantity;
                  if (discount === undefined || price === undefined || !quantity) return;
                  if (discount > price * quantity) throw new Error(t('orders.form.discountTooLarge'));
                },
              },
            ]}
          >
            <DecimalInput min={0} step={0.01} suffix="€" data-testid={`order-line-${index}-discount`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('orders.form.fields.lineTotal')} style={{ textAlign: 'end' }}>
            <Flex vertical align="flex-end">
              <Typography.Text strong style={{ fontSize: 16 }} data-testid={`order-line-${index}-total`}>
                {formatCents(figures.totalCents)}
              </Typography.Text>
              {percentage !== undefined && (
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                  data-testid={`order-line-${index}-tax`}
                >
                  {t('orders.form.taxIncluded', {
                    tax: tax ? `${tax.name}` : formatPercentage(percentage),
                  })}
                </Typography.Text>
              )}
            </Flex>
          </Form.Item>
        </Col>
      </Row>
      {line.bookingId ? (
        <ExistingBooking bookingId={line.bookingId} />
      ) : (
        bookable &&
        product && (
          <BookingFields
            form={form}
            index={index}
            product={product}
            line={line}
            onPaidWithVoucher={onRemove}
          />
        )
      )}
    </Card>
  );
}

/** The order's lines, one card each, and "Add a line". */
export function OrderLines({ form }: { form: FormInstance<OrderFormValues> }) {
  const { t } = useTranslation();
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <OrderLineCard
              key={field.key}
              form={form}
              index={field.name}
              count={fields.length}
              onRemove={() => remove(field.name)}
            />
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add(emptyLine())}
            data-testid="order-add-line"
          >
            {t('orders.form.addLine')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
