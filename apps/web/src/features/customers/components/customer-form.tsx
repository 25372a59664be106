import { type Customer, customerBody, ErrorCode } from '@mostrador/contract';
import { App, Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, issueMessage } from '../../../components/forms/zod-rule';
import { useCompanySettings } from '../../session/api';
import { useCreateCustomer, useUpdateCustomer } from '../api';
import { type CustomerFormValues, fullName, toBody, toFormValues } from '../customer-values';
import { useCustomerFields } from '../use-customer-fields';
import { CustomerFormSections } from './customer-form-sections';

/** The country a new customer starts with when the company has none set. */
export const fallbackCountry = 'España';

type NamePath = (string | number)[];

/** Where a body path lands in the form: custom field values are keyed by the field's id there. */
function formName(path: readonly PropertyKey[], body: z.input<typeof customerBody>): NamePath {
  const [head, index] = path;
  if (head === 'customFields' && typeof index === 'number') {
    return ['custom', String(body.customFields?.[index]?.customFieldId ?? index)];
  }
  return path.map((part) => (typeof part === 'number' ? part : String(part)));
}

/** A server error on a custom field names its id (`customFields.7`): put it on that field. */
function applyCustomFieldErrors(form: FormInstance, error: unknown, t: TFunction): void {
  if (!isApiError(error, 400)) return;
  const fields = error.fieldErrors.flatMap(({ field }) => {
    const match = /^(?:body\.)?customFields\.(\d+)$/.exec(field);
    return match ? [{ name: ['custom', match[1] as string], errors: [t('validation.invalid')] }] : [];
  });
  if (fields.length) form.setFields(fields);
}

interface CustomerFormProps {
  /** The customer to edit; none to create one. */
  customer?: Customer;
  /** Called after saving and on cancel: back to where the user came from. */
  onDone: () => void;
  /** More actions at the start of the footer (delete); `leave` goes away without the unsaved-changes prompt. */
  footerStart?: (leave: () => void) => ReactNode;
  /** Called with the saved customer before `onDone` (a form embedded elsewhere picks the new customer). */
  onSaved?: (customer: Customer) => void;
}

/** The customer's create and edit form: contract validation, server errors on the fields, sticky footer. */
export function CustomerForm({ customer, onDone, footerStart, onSaved }: CustomerFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const fields = useCustomerFields();
  const [form] = Form.useForm<CustomerFormValues>();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const { markDirty, markClean } = useUnsavedChanges();
  const initialValues = useMemo(
    () => toFormValues(customer, fields, settings.country || fallbackCountry),
    [customer, fields, settings.country],
  );

  const submit = async (values: CustomerFormValues) => {
    const body = toBody(values, fields, customer);
    const parsed = customerBody.safeParse(body);
    if (!parsed.success) {
      // The fields' own rules run first; this catches what only the whole body can tell.
      (form as FormInstance).setFields(
        parsed.error.issues.map((issue) => {
          const [key, params] = issueMessage(issue, undefined);
          return { name: formName(issue.path, body), errors: [t(key, params ?? {})] };
        }),
      );
      message.error(t(`errors.${ErrorCode.validation}`));
      scrollToFirstError(form);
      return;
    }
    try {
      const saved = customer
        ? await update.mutateAsync({ id: customer.id, body: parsed.data })
        : await create.mutateAsync(parsed.data);
      markClean();
      message.success(t(customer ? 'customers.updated' : 'customers.created', { name: fullName(saved) }));
      onSaved?.(saved);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.customerEmailExists) {
        form.setFields([{ name: 'email', errors: [t(`errors.${ErrorCode.customerEmailExists}`)] }]);
      } else if (applyServerErrors(form, error, t)) {
        applyCustomFieldErrors(form, error, t);
      } else {
        message.error(errorMessage(error));
        return;
      }
      scrollToFirstError(form);
    }
  };

  return (
    <Form<CustomerFormValues>
      name="customer"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={markDirty}
      onFinish={submit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      // The contract's rules speak, in the user's language; not the browser's own bubbles (type="email").
      noValidate
      data-testid="customer-form"
    >
      <CustomerFormSections isNew={!customer} />
      <FormFooter
        onCancel={onDone}
        saving={create.isPending || update.isPending}
        saveTestId="customer-save"
        cancelTestId="customer-cancel"
        start={footerStart?.(() => {
          markClean();
          onDone();
        })}
      />
    </Form>
  );
}
