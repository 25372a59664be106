import { type Tax, type TaxBody, taxBody } from '@mostrador/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { useCreateTax, useUpdateTax } from '../api';

interface TaxFormModalProps {
  /** The tax to edit, `null` to create one. Give the modal a new `key` for each opening: it starts fresh. */
  tax: Tax | null;
  open: boolean;
  onClose: () => void;
}

export function TaxFormModal({ tax, open, onClose }: TaxFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<TaxBody>();
  const create = useCreateTax();
  const update = useUpdateTax();
  const saving = create.isPending || update.isPending;

  const submit = async (values: TaxBody) => {
    const body = taxBody.parse(values);
    try {
      if (tax) await update.mutateAsync({ id: tax.id, body });
      else await create.mutateAsync(body);
      message.success(t(tax ? 'taxes.updated' : 'taxes.created', { name: body.name }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t(tax ? 'taxes.editTitle' : 'taxes.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'tax-form-save' }}
    >
      <Form
        name="tax"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={tax ? { name: tax.name, percentage: tax.percentage } : undefined}
        onFinish={submit}
        data-testid="tax-form"
      >
        <Form.Item
          name="name"
          label={t('taxes.fields.name')}
          required
          rules={[zodRule(taxBody.shape.name, t)]}
        >
          <Input autoFocus maxLength={80} />
        </Form.Item>
        <Form.Item
          name="percentage"
          label={t('taxes.fields.percentage')}
          required
          rules={[zodRule(taxBody.shape.percentage, t)]}
        >
          <DecimalInput step={0.01} suffix="%" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
