import { bookableProductTypes, givesSessions, type ProductType, productBody } from '@mostrador/contract';
import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { CountInput, FormSection } from '../../../components/forms/form-section';
import { zodRule } from '../../../components/forms/zod-rule';
import { useProductList } from '../api';

const shape = productBody.shape;

/** Each type's title of the section naming its products. */
const titles: Partial<Record<ProductType, string>> = {
  pack: 'products.sections.pack',
  bookings_subscription: 'products.sections.periodSessions',
  program_subscription: 'products.sections.program',
};

/**
 * The bookable products a pack's sessions pay for, with how many sessions: per pack sold, per period paid
 * of a bookings subscription; a program subscription names its products only (their bookings are free).
 */
export function PackSection({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  const bookable = useProductList({
    page: 1,
    limit: 100,
    filters: { type: { in: [...bookableProductTypes] } },
    orders: { name: 'asc' },
  });
  return (
    <FormSection grid title={t(titles[type] ?? titles.pack!)} testId="product-section-pack">
      {givesSessions(type) && (
        <Col xs={24} md={8}>
          <Form.Item
            name="packSessions"
            label={t('products.fields.packSessions')}
            required
            rules={[
              {
                required: true,
                message: t(
                  type === 'pack' ? 'products.packSessionsRequired' : 'products.periodSessionsRequired',
                ),
              },
              zodRule(shape.packSessions, t),
            ]}
            extra={t(type === 'pack' ? 'products.packSessionsHelp' : 'products.periodSessionsHelp')}
          >
            <CountInput min={1} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={givesSessions(type) ? 16 : 24}>
        <Form.Item
          name="packProductIds"
          label={t(
            type === 'program_subscription'
              ? 'products.fields.programProductIds'
              : 'products.fields.packProductIds',
          )}
          required
          rules={[{ required: true, type: 'array', min: 1, message: t('products.packProductsRequired') }]}
          extra={t(
            type === 'program_subscription' ? 'products.programProductsHelp' : 'products.packProductsHelp',
          )}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={bookable.isLoading}
            options={(bookable.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="product-pack-products"
          />
        </Form.Item>
      </Col>
    </FormSection>
  );
}

/** The money one unit of a credit, or each period paid of a credit subscription, gives (else the price). */
export function CreditSection({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  const period = type === 'credit_subscription';
  return (
    <FormSection
      grid
      title={t(period ? 'products.sections.periodCredit' : 'products.sections.credit')}
      testId="product-section-credit"
    >
      <Col xs={24} md={8}>
        <Form.Item
          name="creditAmount"
          label={t(period ? 'products.fields.periodCreditAmount' : 'products.fields.creditAmount')}
          rules={[zodRule(shape.creditAmount, t)]}
          extra={t(period ? 'products.periodCreditHelp' : 'products.creditAmountHelp')}
        >
          <DecimalInput min={0.01} step={0.01} suffix="€" data-testid="product-credit-amount" />
        </Form.Item>
      </Col>
    </FormSection>
  );
}
