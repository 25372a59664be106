import {
  commissionTypes,
  givesCredit,
  isBookableType,
  isSubscriptionType,
  namesProducts,
  paymentPeriodicities,
  periodicitySchema,
  periodicityUnits,
  productBody,
  productStatuses,
  productTypes,
} from '@mostrador/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { CountInput, FormSection } from '../../../components/forms/form-section';
import { zodRule } from '../../../components/forms/zod-rule';
import { formatPercentage } from '../../../lib/format';
import { ImageUpload } from '../../files/components/image-upload';
import { sessionQueries } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { SupplierSelect } from '../../suppliers/components/supplier-select';
import { useCalendarOptions } from '../api';
import { taxesPath } from '../navigation';
import type { ProductFormValues } from '../product-values';
import { CreditSection, PackSection } from './pack-credit-section';

const shape = productBody.shape;

function GeneralSection({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  // Coming back from the taxes tab shows the taxes created there.
  const taxesQuery = useQuery({ ...sessionQueries.taxesById, refetchOnWindowFocus: 'always' });
  const taxes = Object.values(taxesQuery.data ?? {});
  return (
    <FormSection grid title={t('products.sections.general')} testId="product-section-general">
      <Col xs={24} md={16}>
        <Form.Item name="name" label={t('products.fields.name')} required rules={[zodRule(shape.name, t)]}>
          <Input autoFocus={isNew} maxLength={160} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="reference"
          label={t('products.fields.reference')}
          extra={t('products.referenceHelp')}
          rules={[zodRule(shape.reference, t)]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="type" label={t('products.fields.type')} required>
          <Select
            data-testid="product-type"
            // Ten types with a line of help each: all rendered, in a taller list.
            virtual={false}
            listHeight={420}
            options={productTypes.map((type) => ({ value: type, label: t(`products.types.${type}`) }))}
            optionRender={(option) => (
              <div>
                <div>{option.label}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                  {t(`products.typeHelp.${option.value}`)}
                </Typography.Text>
              </div>
            )}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="price" label={t('products.fields.price')} required rules={[zodRule(shape.price, t)]}>
          <DecimalInput min={0} step={0.01} suffix="€" data-testid="product-price" />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item
          name="taxType"
          label={t('products.fields.taxType')}
          required
          rules={[zodRule(shape.taxType, t)]}
          extra={
            // Taxes are under settings, which every employee may open; a new tab keeps this form.
            <Link to={taxesPath} target="_blank">
              {t('products.manageTaxes')}
            </Link>
          }
        >
          <Select
            data-testid="product-tax"
            placeholder={t('products.chooseTax')}
            notFoundContent={t('products.noTaxes')}
            options={taxes.map((tax) => ({
              value: tax.id,
              label: `${tax.name} (${formatPercentage(tax.percentage)})`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="status" label={t('products.fields.status')} required>
          <Select
            options={productStatuses.map((status) => ({
              value: status,
              label: t(`products.statuses.${status}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item
          name="sellOnline"
          label={t('products.fields.sellOnline')}
          valuePropName="checked"
          extra={t('products.sellOnlineHelp')}
        >
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="description"
          label={t('products.fields.description')}
          rules={[zodRule(shape.description, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} showCount />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="image" label={t('products.fields.image')}>
          <ImageUpload alt={t('products.imageAlt')} testId="product-image" />
        </Form.Item>
      </Col>
    </FormSection>
  );
}

function BookingSection() {
  const { t } = useTranslation();
  const canFindCalendars = usePermissions()('bookingCalendars_find');
  const calendars = useCalendarOptions(canFindCalendars);
  const canChangeDate = Form.useWatch('canCustomersChangeTheBookingDate');
  const minutes = t('products.minutesUnit');
  return (
    <FormSection grid title={t('products.sections.booking')} testId="product-section-booking">
      <Col xs={24} md={8}>
        <Form.Item
          name="durationInMinutes"
          label={t('products.fields.durationInMinutes')}
          required
          rules={[zodRule(shape.durationInMinutes.unwrap().unwrap(), t)]}
          extra={t('products.durationHelp')}
        >
          <CountInput suffix={minutes} min={1} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="publicDuration"
          label={t('products.fields.publicDuration')}
          rules={[zodRule(shape.publicDuration, t)]}
          extra={t('products.publicDurationHelp')}
        >
          <CountInput suffix={minutes} min={1} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="spacesOccupiedInTheCalendar"
          label={t('products.fields.spacesOccupiedInTheCalendar')}
          required
          rules={[zodRule(shape.spacesOccupiedInTheCalendar.unwrap(), t)]}
          extra={t('products.spacesHelp')}
        >
          <CountInput min={1} />
        </Form.Item>
      </Col>
      {canFindCalendars && (
        <Col xs={24} md={12}>
          <Form.Item
            name="bookingCalendarId"
            label={t('products.fields.bookingCalendar')}
            extra={t('products.calendarHelp')}
          >
            <Select
              allowClear
              loading={calendars.isLoading}
              placeholder={t('products.noCalendar')}
              notFoundContent={t('products.noCalendars')}
              options={(calendars.data ?? []).map((calendar) => ({
                value: calendar.id,
                label: calendar.name,
              }))}
              data-testid="product-calendar"
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          name="canCustomersChangeTheBookingDate"
          label={t('products.fields.canCustomersChangeTheBookingDate')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Col>
      {canChangeDate && (
        <Col xs={24} md={12}>
          <Form.Item
            name="howManyTimesCanCustomerRescheduleBooking"
            label={t('products.fields.howManyTimesCanCustomerRescheduleBooking')}
            extra={t('products.rescheduleHelp')}
            rules={[zodRule(shape.howManyTimesCanCustomerRescheduleBooking, t)]}
          >
            <CountInput suffix={t('products.timesUnit')} />
          </Form.Item>
        </Col>
      )}
    </FormSection>
  );
}

function SubscriptionSection() {
  const { t } = useTranslation();
  const days = t('products.daysUnit');
  return (
    <FormSection grid title={t('products.sections.subscription')} testId="product-section-subscription">
      <Col xs={24} md={12}>
        <Form.Item label={t('products.fields.periodicity')} required extra={t('products.periodicityHelp')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="periodicityQuantity"
              noStyle
              rules={[zodRule(periodicitySchema.shape.quantity, t)]}
            >
              <InputNumber
                min={1}
                precision={0}
                style={{ width: '40%' }}
                aria-label={t('products.fields.periodicityQuantity')}
                data-testid="product-periodicity-quantity"
              />
            </Form.Item>
            <Form.Item name="periodicityUnit" noStyle>
              <Select
                style={{ width: '60%' }}
                aria-label={t('products.fields.periodicityUnit')}
                options={periodicityUnits.map((unit) => ({
                  value: unit,
                  label: t(`products.units.${unit}`),
                }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        {/* The quantity's own error shows under the pair. */}
        <Form.Item name="periodicityQuantity" hidden noStyle />
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="periodicityOfSubscriptionPayment"
          label={t('products.fields.periodicityOfSubscriptionPayment')}
          extra={t('products.paymentPeriodicityHelp')}
        >
          <Select
            allowClear
            placeholder={t('products.oncePerPeriod')}
            options={paymentPeriodicities.map((value) => ({
              value,
              label: t(`products.paymentPeriodicities.${value}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="freeSubscriptionTrialDays"
          label={t('products.fields.freeSubscriptionTrialDays')}
          extra={t('products.companyDefaultHelp')}
          rules={[zodRule(shape.freeSubscriptionTrialDays, t)]}
        >
          <CountInput suffix={days} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="daysToPaySubscriptionRenewal"
          label={t('products.fields.daysToPaySubscriptionRenewal')}
          extra={t('products.companyDefaultHelp')}
          rules={[zodRule(shape.daysToPaySubscriptionRenewal, t)]}
        >
          <CountInput suffix={days} />
        </Form.Item>
      </Col>
    </FormSection>
  );
}

function SupplierSection() {
  const { t } = useTranslation();
  const commissionType = Form.useWatch('supplierCommissionType');
  const canFindSuppliers = usePermissions()('suppliers_find');
  return (
    <FormSection grid title={t('products.sections.supplier')} testId="product-section-supplier">
      {canFindSuppliers && (
        <Col xs={24}>
          <Form.Item
            name="supplierId"
            label={t('products.fields.supplier')}
            extra={t('products.supplierHelp')}
          >
            <SupplierSelect placeholder={t('products.noSupplier')} data-testid="product-supplier" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          name="supplierCommissionType"
          label={t('products.fields.supplierCommissionType')}
          extra={t('products.commissionHelp')}
        >
          <Select
            allowClear
            placeholder={t('products.noCommission')}
            options={commissionTypes.map((value) => ({
              value,
              label: t(`products.commissionTypes.${value}`),
            }))}
            data-testid="product-commission-type"
          />
        </Form.Item>
      </Col>
      {commissionType && (
        <Col xs={24} md={12}>
          <Form.Item
            name="supplierCommissionQuantity"
            label={t('products.fields.supplierCommissionQuantity')}
            required
            dependencies={['supplierCommissionType']}
            rules={[
              {
                validator: async (_rule, value: number | null) => {
                  if (value === null || value === undefined) throw new Error(t('validation.required'));
                  if (commissionType === 'percentage' && value > 100)
                    throw new Error(t('validation.percentageMax'));
                },
              },
            ]}
          >
            <DecimalInput
              min={0}
              step={commissionType === 'percentage' ? 1 : 0.01}
              suffix={commissionType === 'percentage' ? '%' : '€'}
              data-testid="product-commission-quantity"
            />
          </Form.Item>
        </Col>
      )}
    </FormSection>
  );
}

/** The product's fields in sections; the booking and subscription ones appear for the types that use them. */
export function ProductFormSections({ isNew }: { isNew: boolean }) {
  const type = Form.useWatch<ProductFormValues['type']>('type');
  return (
    <>
      <GeneralSection isNew={isNew} />
      {type && isBookableType(type) && <BookingSection />}
      {type && isSubscriptionType(type) && <SubscriptionSection />}
      {type && namesProducts(type) && <PackSection type={type} />}
      {type && givesCredit(type) && <CreditSection type={type} />}
      <SupplierSection />
    </>
  );
}
