import { type Customer, customerBody, ErrorCode, quickCustomerBody } from '@mostrador/contract';
import { App, type ButtonProps, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { useCreateCustomer } from '../api';
import { fullName, typedPhone } from '../customer-values';
import type { QuickCustomerValues } from '../quick-customer-values';

interface QuickCustomerDialogProps {
  open: boolean;
  /** The fields filled in at opening (from what was typed in the picker). */
  initial?: QuickCustomerValues;
  onClose: () => void;
  /** The customer created: the picker selects them. */
  onCreated: (customer: Customer) => void;
}

/**
 * A new customer in a small dialog, for the desk with the customer waiting: a name and a phone or an
 * email (at least one; the full form stays on the customers screen). Errors land on their fields.
 */
export function QuickCustomerDialog({ open, initial, onClose, onCreated }: QuickCustomerDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<QuickCustomerValues>();
  const create = useCreateCustomer();
  const shape = customerBody.shape;

  const submit = async (values: QuickCustomerValues) => {
    const parsed = quickCustomerBody.safeParse(values);
    if (!parsed.success) {
      // Only "neither a phone nor an email" gets here: the fields' own rules have run.
      const contact = t('customers.quick.contactRequired');
      form.setFields([
        { name: 'phone', errors: [contact] },
        { name: 'email', errors: [contact] },
      ]);
      return;
    }
    try {
      const saved = await create.mutateAsync(parsed.data);
      message.success(t('customers.created', { name: fullName(saved) }));
      onCreated(saved);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.customerEmailExists) {
        form.setFields([{ name: 'email', errors: [t(`errors.${ErrorCode.customerEmailExists}`)] }]);
      } else if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t('customers.quick.title')}
      okText={t('customers.quick.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'quick-customer-save' } as ButtonProps}
      data-testid="quick-customer-dialog"
    >
      <Form<QuickCustomerValues>
        form={form}
        name="quick-customer"
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={initial ?? { name: '', phone: '', email: '' }}
        onFinish={submit}
        noValidate
        // The dialog is opened from inside another form (the booking drawer, the order form).
        component="div"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
            event.preventDefault();
            event.stopPropagation();
            form.submit();
          }
        }}
      >
        <Form.Item name="name" label={t('customers.fields.name')} required rules={[zodRule(shape.name, t)]}>
          <Input
            autoFocus={!initial?.name}
            maxLength={120}
            autoComplete="off"
            data-testid="quick-customer-name"
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('customers.fields.phone')}
          extra={t('customers.phoneHelp')}
          normalize={typedPhone}
          rules={[zodRule(shape.phone, t)]}
        >
          <Input
            type="tel"
            autoFocus={!!initial?.name && !initial.phone}
            autoComplete="off"
            data-testid="quick-customer-phone"
          />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('customers.fields.email')}
          extra={t('customers.quick.contactHelp')}
          rules={[zodRule(shape.email, t)]}
        >
          <Input type="email" autoComplete="off" data-testid="quick-customer-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
