import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CustomField,
  type CustomFieldBody,
  customFieldBody,
  customFieldNameMax,
  customFieldOptionMax,
  customFieldTypes,
  ErrorCode,
} from '@mostrador/contract';
import { App, Button, Checkbox, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { useCreateCustomField, useUpdateCustomField } from '../api';

type FieldType = (typeof customFieldTypes)[number];

interface FormValues {
  name: string;
  type: FieldType;
  options: string[];
  required: boolean;
}

interface CustomFieldFormModalProps {
  /** The field to edit, `null` to add one. Give the modal a new `key` for each opening: it starts fresh. */
  field: CustomField | null;
  open: boolean;
  onClose: () => void;
}

/** Adds or edits a customer field: its name, type, the options of a list, whether the form requires it. */
export function CustomFieldFormModal({ field, open, onClose }: CustomFieldFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form) ?? field?.type ?? 'text';
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const saving = create.isPending || update.isPending;
  // The server's word that options in use were dropped: shown under the options until they change.
  const [optionsError, setOptionsError] = useState<string>();

  const submit = async (values: FormValues) => {
    const body: CustomFieldBody = {
      entity: 'customer',
      name: values.name,
      type: values.type,
      options: values.type === 'select' ? values.options.map((o) => o.trim()) : [],
      required: values.required,
    };
    const parsed = customFieldBody.safeParse(body);
    if (!parsed.success) return;
    try {
      if (field) await update.mutateAsync({ id: field.id, body });
      else await create.mutateAsync(body);
      message.success(t(field ? 'customFields.updated' : 'customFields.created', { name: parsed.data.name }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.customFieldNameExists) {
        form.setFields([{ name: 'name', errors: [t(`errors.${ErrorCode.customFieldNameExists}`)] }]);
      } else if (isApiError(error) && error.code === ErrorCode.customFieldValuesDoNotFit) {
        const text = t(`errors.${ErrorCode.customFieldValuesDoNotFit}`);
        const details = Array.isArray(error.details) ? (error.details as { field?: string }[]) : [];
        if (details[0]?.field === 'options') setOptionsError(text);
        else form.setFields([{ name: 'type', errors: [text] }]);
      } else if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
      }
    }
  };

  const initialValues: FormValues = field
    ? { name: field.name, type: field.type, options: field.options, required: field.required }
    : { name: '', type: 'text', options: [''], required: false };

  return (
    <Modal
      open={open}
      title={t(field ? 'customFields.editTitle' : 'customFields.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'custom-field-save' }}
      destroyOnHidden
    >
      <Form
        name="customField"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(changed) => {
          if ('options' in changed) setOptionsError(undefined);
        }}
        data-testid="custom-field-form"
      >
        <Form.Item
          name="name"
          label={t('customFields.fields.name')}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: customFieldNameMax, message: t('validation.maxLength', { max: customFieldNameMax }) },
          ]}
        >
          <Input autoFocus maxLength={customFieldNameMax} />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('customFields.fields.type')}
          extra={field ? t('customFields.typeChangeHelp') : undefined}
        >
          <Select
            options={customFieldTypes.map((value) => ({ value, label: t(`customFields.types.${value}`) }))}
            data-testid="custom-field-type"
          />
        </Form.Item>
        {type === 'select' && (
          <Form.Item label={t('customFields.fields.options')} required style={{ marginBottom: 8 }}>
            <Form.List
              name="options"
              rules={[
                {
                  validator: async (_rule, options: string[] | undefined) => {
                    if (!options?.some((o) => o?.trim())) throw new Error(t('customFields.optionsRequired'));
                  },
                },
              ]}
            >
              {(items, { add, remove }, { errors }) => (
                <Flex vertical gap={0}>
                  {items.map((item, index) => (
                    <Flex key={item.key} gap={8} align="flex-start">
                      <Form.Item
                        name={item.name}
                        style={{ flex: 1, marginBottom: 8 }}
                        rules={[
                          { required: true, whitespace: true, message: t('validation.required') },
                          {
                            max: customFieldOptionMax,
                            message: t('validation.maxLength', { max: customFieldOptionMax }),
                          },
                          {
                            validator: async (_rule, value: string | undefined) => {
                              const options: string[] = form.getFieldValue('options') ?? [];
                              const key = value?.trim().toLocaleLowerCase();
                              const earlier = options
                                .slice(0, index)
                                .some((o) => o?.trim().toLocaleLowerCase() === key);
                              if (key && earlier) throw new Error(t('customFields.optionRepeated'));
                            },
                          },
                        ]}
                      >
                        <Input
                          aria-label={t('customFields.optionLabel', { n: index + 1 })}
                          maxLength={customFieldOptionMax}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('customFields.removeOption', { n: index + 1 })}
                        disabled={items.length === 1}
                        onClick={() => remove(item.name)}
                      />
                    </Flex>
                  ))}
                  <Form.ErrorList errors={optionsError ? [...errors, optionsError] : errors} />
                  <Button
                    type="dashed"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => add('')}
                    style={{ alignSelf: 'flex-start' }}
                    data-testid="custom-field-add-option"
                  >
                    {t('customFields.addOption')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          </Form.Item>
        )}
        <Form.Item name="required" valuePropName="checked" extra={t('customFields.requiredHelp')}>
          <Checkbox>{t('customFields.fields.required')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
