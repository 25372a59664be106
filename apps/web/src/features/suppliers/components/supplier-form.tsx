import { commissionTypes, ErrorCode, type Supplier, supplierBody } from '@mostrador/contract';
import { App, Col, DatePicker, Form, Input, Select, Switch } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { FormSection } from '../../../components/forms/form-section';
import { RecordForm } from '../../../components/forms/record-form';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, issueMessage, zodRule } from '../../../components/forms/zod-rule';
import { CustomerSelect } from '../../customers/components/customer-select';
import { usePermissions } from '../../session/permissions';
import { useCreateSupplier, useUpdateSupplier } from '../api';
import { type SupplierFormValues, toBody, toFormValues } from '../supplier-values';

const shape = supplierBody.shape;

interface SupplierFormProps {
  /** The supplier to edit; none to create one. */
  supplier?: Supplier;
  /** Called after saving and on cancel: back to where the user came from. */
  onDone: () => void;
  /** More actions at the start of the footer (delete); `leave` goes away without the unsaved-changes prompt. */
  footerStart?: (leave: () => void) => ReactNode;
}

/** The supplier's create and edit form: contract validation, server errors on the fields, sticky footer. */
export function SupplierForm({ supplier, onDone, footerStart }: SupplierFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const canFindCustomers = usePermissions()('customers_find');
  const [form] = Form.useForm<SupplierFormValues>();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const unsaved = useUnsavedChanges();
  const initialValues = useMemo(() => toFormValues(supplier), [supplier]);
  const commissionType = Form.useWatch('commissionType', form);

  const submit = async (values: SupplierFormValues) => {
    const body = toBody({ ...initialValues, ...form.getFieldsValue(true), ...values });
    const parsed = supplierBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => {
          const [key, params] = issueMessage(issue, undefined);
          return { name: issue.path.map(String) as never, errors: [t(key, params ?? {})] };
        }),
      );
      message.error(t(`errors.${ErrorCode.validation}`));
      scrollToFirstError(form);
      return;
    }
    try {
      const saved = supplier
        ? await update.mutateAsync({ id: supplier.id, body })
        : await create.mutateAsync(body);
      unsaved.markClean();
      message.success(t(supplier ? 'suppliers.updated' : 'suppliers.created', { name: saved.name }));
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
        return;
      }
      scrollToFirstError(form);
    }
  };

  return (
    <RecordForm<SupplierFormValues>
      name="supplier"
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      unsaved={unsaved}
      saving={create.isPending || update.isPending}
      onDone={onDone}
      footerStart={footerStart}
    >
      <FormSection grid title={t('suppliers.sections.general')} testId="supplier-section-general">
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('suppliers.fields.name')} required rules={[zodRule(shape.name, t)]}>
            <Input autoFocus={!supplier} maxLength={160} autoComplete="off" />
          </Form.Item>
        </Col>
        {canFindCustomers && (
          <Col xs={24} md={12}>
            <Form.Item
              name="customerId"
              label={t('suppliers.fields.customer')}
              extra={t('suppliers.customerHelp')}
            >
              <CustomerSelect
                allowClear
                placeholder={t('suppliers.noCustomer')}
                currentLabel={supplier?.customerId ? (supplier.customerName ?? undefined) : undefined}
                data-testid="supplier-customer"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="startsAt"
            label={t('suppliers.fields.startsAt')}
            extra={t('suppliers.startsAtHelp')}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (value && !(value as { isValid?: () => boolean }).isValid?.())
                    throw new Error(t('validation.invalid'));
                },
              },
            ]}
          >
            <DatePicker
              format="L"
              placeholder=""
              style={{ width: '100%' }}
              data-testid="supplier-starts-at"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="automaticActivation"
            label={t('suppliers.fields.automaticActivation')}
            valuePropName="checked"
            extra={t('suppliers.automaticActivationHelp')}
          >
            <Switch data-testid="supplier-automatic-activation" />
          </Form.Item>
        </Col>
      </FormSection>
      <FormSection grid title={t('suppliers.sections.commission')} testId="supplier-section-commission">
        <Col xs={24} md={12}>
          <Form.Item
            name="commissionType"
            label={t('suppliers.fields.commissionType')}
            extra={t('suppliers.commissionHelp')}
          >
            <Select
              allowClear
              placeholder={t('suppliers.noCommission')}
              options={commissionTypes.map((value) => ({
                value,
                label: t(`products.commissionTypes.${value}`),
              }))}
              data-testid="supplier-commission-type"
            />
          </Form.Item>
        </Col>
        {commissionType && (
          <Col xs={24} md={12}>
            <Form.Item
              name="commissionQuantity"
              label={t('suppliers.fields.commissionQuantity')}
              required
              dependencies={['commissionType']}
              rules={[
                {
                  validator: async (_rule, value: number | null) => {
                    if (value === null || value === undefined) throw new Error(t('validation.required'));
                    if (commissionType === 'percentage' && value > 100)
                      throw new Error(t('validation.percentageMax'));
                  },
                },
                zodRule(shape.commissionQuantity, t),
              ]}
            >
              <DecimalInput
                min={0}
                step={commissionType === 'percentage' ? 1 : 0.01}
                suffix={commissionType === 'percentage' ? '%' : '€'}
                data-testid="supplier-commission-quantity"
              />
            </Form.Item>
          </Col>
        )}
      </FormSection>
      <FormSection grid title={t('suppliers.sections.app')} testId="supplier-section-app">
        <Col xs={24} md={12}>
          <Form.Item
            name="appLoginUrl"
            label={t('suppliers.fields.appLoginUrl')}
            rules={[zodRule(shape.appLoginUrl, t)]}
          >
            <Input
              type="url"
              placeholder="https://"
              autoComplete="off"
              data-testid="supplier-app-login-url"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="passwordChangeUrl"
            label={t('suppliers.fields.passwordChangeUrl')}
            rules={[zodRule(shape.passwordChangeUrl, t)]}
          >
            <Input type="url" placeholder="https://" autoComplete="off" />
          </Form.Item>
        </Col>
      </FormSection>
    </RecordForm>
  );
}
