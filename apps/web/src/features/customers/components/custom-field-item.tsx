import type { CustomField } from '@mostrador/contract';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useAppContext } from '../../../app/app-context';
import { decimalSeparatorOf } from '../../../lib/format';

/** The contract's limit for a custom field value. */
const maxValueLength = 2000;

/** What `Form.Item` hands its input: id, value and onChange, passed on untouched. */
type ControlProps = Record<string, unknown>;

function FieldInput({ field, ...control }: { field: CustomField } & ControlProps) {
  const { t } = useTranslation();
  const { language } = useAppContext();
  switch (field.type) {
    case 'number':
      return (
        <InputNumber {...control} decimalSeparator={decimalSeparatorOf(language)} style={{ width: '100%' }} />
      );
    case 'date':
      return <DatePicker {...control} format="L" style={{ width: '100%' }} placeholder="" />;
    case 'boolean':
      return (
        <Radio.Group
          {...control}
          aria-label={field.name}
          optionType="button"
          options={[
            { value: 'true', label: t('customers.yes') },
            { value: 'false', label: t('customers.no') },
          ]}
        />
      );
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={field.options.map((option) => ({ value: option, label: option }))}
        />
      );
    default:
      return <Input {...control} maxLength={maxValueLength} />;
  }
}

/** One of the company's custom fields, with the input its type calls for; required when marked. */
export function CustomFieldItem({ field }: { field: CustomField }) {
  const { t } = useTranslation();
  const rules: Rule[] = [];
  if (field.required) {
    rules.push({
      required: true,
      whitespace: field.type === 'text',
      message: t('validation.required'),
    });
  }
  if (field.type === 'text') {
    rules.push({ max: maxValueLength, message: t('validation.maxLength', { max: maxValueLength }) });
  }
  return (
    <Form.Item name={['custom', String(field.id)]} label={field.name} rules={rules}>
      <FieldInput field={field} />
    </Form.Item>
  );
}
