import { customerBody, genders, languages } from '@mostrador/contract';
import { Col, DatePicker, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/forms/form-section';
import { zodRule } from '../../../components/forms/zod-rule';
import { dayjs } from '../../../lib/dayjs';
import { useCompanySettings } from '../../session/api';
import { type TextField, typedPhone } from '../customer-values';
import { useCustomerFields } from '../use-customer-fields';
import { CustomFieldItem } from './custom-field-item';

const shape = customerBody.shape;

interface TextOptions {
  type?: string;
  help?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  normalize?: (value: string) => string;
}

const upperCase = (value: string) => value?.toUpperCase();

/** The customer's fields in titled sections, in the order a receptionist asks for them. */
/** `isNew`: the name field takes the focus, ready for typing; an existing customer is read first. */
export function CustomerFormSections({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  const customFields = useCustomerFields();
  const { locale } = useCompanySettings();

  const text = (field: TextField, options: TextOptions = {}) => (
    <Form.Item
      name={field}
      label={t(`customers.fields.${field}`)}
      required={field === 'name'}
      extra={options.help && t(options.help)}
      normalize={options.normalize}
      rules={[zodRule(shape[field], t)]}
    >
      <Input
        type={options.type}
        autoComplete={options.autoComplete ?? 'off'}
        autoFocus={options.autoFocus}
        maxLength={options.maxLength}
      />
    </Form.Item>
  );

  return (
    <>
      <FormSection grid title={t('customers.sections.contact')} testId="customer-section-contact">
        <Col xs={24} md={12}>
          {text('name', { autoFocus: isNew, maxLength: 120 })}
        </Col>
        <Col xs={24} md={12}>
          {text('surname', { maxLength: 160 })}
        </Col>
        <Col xs={24} md={12}>
          {text('email', { type: 'email' })}
        </Col>
        <Col xs={24} md={12}>
          {text('phone', { type: 'tel', help: 'customers.phoneHelp', normalize: typedPhone })}
        </Col>
      </FormSection>
      <FormSection grid title={t('customers.sections.company')} testId="customer-section-company">
        <Col xs={24} md={16}>
          {text('company', { maxLength: 160 })}
        </Col>
        <Col xs={24} md={8}>
          {text('vat', { maxLength: 32, help: 'customers.vatHelp', normalize: upperCase })}
        </Col>
      </FormSection>
      <FormSection grid title={t('customers.sections.personal')} testId="customer-section-personal">
        <Col xs={24} md={12}>
          <Form.Item name="birthdate" label={t('customers.fields.birthdate')}>
            <DatePicker
              format="L"
              placeholder=""
              style={{ width: '100%' }}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('customers.fields.gender')}>
            <Radio.Group
              aria-label={t('customers.fields.gender')}
              optionType="button"
              options={genders.map((gender) => ({ value: gender, label: t(`customers.genders.${gender}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="language"
            label={t('customers.fields.language')}
            extra={t('customers.languageHelp')}
            // No language (null) is the company's: the select shows it as its placeholder, and clearing it
            // gives null again.
            getValueProps={(value: string | null) => ({ value: value ?? undefined })}
            normalize={(value: string | undefined) => value ?? null}
          >
            <Select
              allowClear
              placeholder={t('customers.companyLanguage', { language: t(`languageNames.${locale}`) })}
              // Each language by its own name, as the customer reads it.
              options={languages.map((code) => ({ value: code, label: t(`languageNames.${code}`) }))}
              data-testid="customer-language"
            />
          </Form.Item>
        </Col>
      </FormSection>
      <FormSection grid title={t('customers.sections.address')} testId="customer-section-address">
        <Col xs={24} md={16}>
          {text('street', { maxLength: 160 })}
        </Col>
        <Col xs={24} md={8}>
          {text('streetNumber', { maxLength: 20 })}
        </Col>
        <Col xs={24} sm={12} md={8}>
          {text('postalCode', { maxLength: 16 })}
        </Col>
        <Col xs={24} sm={12} md={8}>
          {text('city', { maxLength: 80 })}
        </Col>
        <Col xs={24} sm={12} md={8}>
          {text('state', { maxLength: 80 })}
        </Col>
        <Col xs={24} sm={12} md={8}>
          {text('country', { maxLength: 80 })}
        </Col>
      </FormSection>
      <FormSection grid title={t('customers.sections.more')} testId="customer-section-more">
        {customFields.map((field) => (
          <Col key={field.id} xs={24} md={12}>
            <CustomFieldItem field={field} />
          </Col>
        ))}
        <Col xs={24}>
          <Form.Item name="notes" label={t('customers.fields.notes')} rules={[zodRule(shape.notes, t)]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={4000} showCount />
          </Form.Item>
        </Col>
      </FormSection>
    </>
  );
}
