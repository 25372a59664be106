import { bookableProductTypes, productBody } from '@mostrador/contract';
import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { CountInput, FormSection } from '../../../components/forms/form-section';
import { zodRule } from '../../../components/forms/zod-rule';
import { useProductList } from '../api';

const shape = productBody.shape;

/** A pack's sessions and the bookable products they pay for. */
export function PackSection() {
  const { t } = useTranslation();
  const bookable = useProductList({
    page: 1,
    limit: 100,
    filters: { type: { in: [...bookableProductTypes] } },
    orders: { name: 'asc' },
  });
  return (
    <FormSection grid title={t('products.sections.pack')} testId="product-section-pack">
      <Col xs={24} md={8}>
        <Form.Item
          name="packSessions"
          label={t('products.fields.packSessions')}
          required
          rules={[
            { required: true, message: t('products.packSessionsRequired') },
            zodRule(shape.packSessions, t),
          ]}
          extra={t('products.packSessionsHelp')}
        >
          <CountInput min={1} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          name="packProductIds"
          label={t('products.fields.packProductIds')}
          required
          rules={[{ required: true, type: 'array', min: 1, message: t('products.packProductsRequired') }]}
          extra={t('products.packProductsHelp')}
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

/** The money one unit of a credit gives (the price when left empty). */
export function CreditSection() {
  const { t } = useTranslation();
  return (
    <FormSection grid title={t('products.sections.credit')} testId="product-section-credit">
      <Col xs={24} md={8}>
        <Form.Item
          name="creditAmount"
          label={t('products.fields.creditAmount')}
          rules={[zodRule(shape.creditAmount, t)]}
          extra={t('products.creditAmountHelp')}
        >
          <DecimalInput min={0.01} step={0.01} suffix="€" data-testid="product-credit-amount" />
        </Form.Item>
      </Col>
    </FormSection>
  );
}
