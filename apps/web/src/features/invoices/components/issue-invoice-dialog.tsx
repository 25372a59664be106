import { EditOutlined, FileDoneOutlined } from '@ant-design/icons';
import { type Customer, ErrorCode, type Invoice, type Order } from '@mostrador/contract';
import { Alert, App, Checkbox, Descriptions, Form, Modal, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { fromListState } from '../../../components/records/navigation';
import { useCustomer } from '../../customers/api';
import { CustomerSelect } from '../../customers/components/customer-select';
import { editCustomerPath } from '../../customers/navigation';
import { usePermissions } from '../../session/permissions';
import { useIssueInvoice } from '../api';

/** Codes that are about the chosen customer: shown with a link to edit it. */
const customerCodes: number[] = [
  ErrorCode.invoiceCustomerWithoutTaxId,
  ErrorCode.invoiceCustomerTaxIdInvalid,
];

interface IssueValues {
  customerId?: number;
  send: boolean;
}

/** "Name Surname", or the company's name. */
function customerName(customer: Pick<Customer, 'name' | 'surname' | 'company'>): string {
  return [customer.name, customer.surname].filter(Boolean).join(' ') || customer.company || '';
}

/** A link to the customer's form; back here (history back) once saved. */
function EditCustomerLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  if (!can('customers_edit')) return null;
  return (
    <Link to={editCustomerPath(id)} state={fromListState} data-testid="invoice-issue-edit-customer">
      <EditOutlined aria-hidden /> {t('invoices.issue.editCustomer')}
    </Link>
  );
}

/** Who the invoice goes to: name, company, tax id, or why the customer cannot receive a full invoice. */
function RecipientFacts({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const taxId = customer.vat?.trim();
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 16 }}
        data-testid="invoice-issue-recipient"
        items={[
          {
            key: 'name',
            label: t('invoices.issue.recipientName'),
            children: customer.company?.trim() || customerName(customer),
          },
          {
            key: 'taxId',
            label: t('invoices.fields.recipientTaxId'),
            children: taxId ? (
              <Typography.Text strong data-testid="invoice-issue-tax-id">
                {taxId}
              </Typography.Text>
            ) : (
              <Typography.Text type="danger" data-testid="invoice-issue-tax-id">
                {t('invoices.issue.noTaxId')}
              </Typography.Text>
            ),
          },
        ]}
      />
      {!taxId && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`errors.${ErrorCode.invoiceCustomerWithoutTaxId}`)}
          description={<EditCustomerLink id={customer.id} />}
          data-testid="invoice-issue-missing-tax-id"
        />
      )}
    </>
  );
}

/**
 * Issues the full invoice of a paid sale: the customer (the order's by default, any other found by
 * search, who then becomes the order's), whose tax id the invoice needs (a missing one is said before
 * sending, with a link to the customer's form), and whether to mail it to the customer. An F3 when the
 * sale has a simplified invoice, which it replaces.
 */
export function IssueInvoiceDialog({
  order,
  simplified,
  customerLabel,
  onClose,
  onIssued,
}: {
  order: Pick<Order, 'id' | 'code' | 'customerId'>;
  /** The simplified invoice in force, which the full one replaces. */
  simplified: Pick<Invoice, 'code'> | undefined;
  /** The order's customer's name, shown to who may not search the customers. */
  customerLabel?: string;
  onClose: () => void;
  onIssued?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const canSearch = can('customers_find');
  const [form] = Form.useForm<IssueValues>();
  const issue = useIssueInvoice();
  const [failure, setFailure] = useState<{ text: string; extra?: ReactNode } | null>(null);
  const chosenId = Form.useWatch('customerId', form) ?? undefined;
  const customerId = canSearch ? chosenId : (order.customerId ?? undefined);
  const customer = useCustomer(canSearch ? customerId : undefined);
  const known = customer.data && customer.data.id === customerId ? customer.data : undefined;
  const missingTaxId = !!known && !known.vat?.trim();
  const email = known?.email ?? null;

  const submit = async (values: IssueValues) => {
    setFailure(null);
    try {
      const invoice = await issue.mutateAsync({
        orderId: order.id,
        body: {
          ...(customerId !== undefined && customerId !== order.customerId ? { customerId } : {}),
          ...(values.send && email ? { sendTo: email } : {}),
        },
      });
      message.success(t('invoices.issue.done', { code: invoice.code }));
      onIssued?.(invoice);
      onClose();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      const extra =
        customerCodes.includes(code) && customerId !== undefined ? (
          <EditCustomerLink id={customerId} />
        ) : code === ErrorCode.billingNotConfigured && can('settings_paymentGateway') ? (
          <Link to="/settings/billing">{t('invoices.issue.openBilling')}</Link>
        ) : undefined;
      setFailure({ text: errorMessage(error), extra });
    }
  };

  return (
    <Modal
      open
      title={t('invoices.issue.title', { code: order.code })}
      okText={t('invoices.issue.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{
        icon: <FileDoneOutlined aria-hidden />,
        loading: issue.isPending,
        disabled: customerId === undefined || missingTaxId,
        'data-testid': 'invoice-issue-confirm',
      }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="invoice-issue-dialog"
    >
      <Typography.Paragraph>
        {simplified
          ? t('invoices.issue.introReplacing', { code: simplified.code })
          : t('invoices.issue.intro')}
      </Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure.text}
          description={failure.extra}
          style={{ marginBottom: 16 }}
          data-testid="invoice-issue-error"
        />
      )}
      <Form<IssueValues>
        form={form}
        name="invoice-issue"
        layout="vertical"
        initialValues={{ customerId: order.customerId ?? undefined, send: false }}
        onValuesChange={() => setFailure(null)}
        onFinish={(values) => void submit(values)}
      >
        {canSearch ? (
          <Form.Item
            name="customerId"
            label={t('invoices.issue.customer')}
            extra={t('invoices.issue.customerHelp')}
            required
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <CustomerSelect
              allowClear
              placeholder={t('orders.form.searchCustomer')}
              notFoundContent={t('orders.form.noCustomers')}
              data-testid="invoice-issue-customer"
            />
          </Form.Item>
        ) : order.customerId === null ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t(`errors.${ErrorCode.invoiceWithoutCustomer}`)}
          />
        ) : (
          <Form.Item label={t('invoices.issue.customer')}>
            <Typography.Text strong>{customerLabel || t('common.noValue')}</Typography.Text>
          </Form.Item>
        )}
        {customerId !== undefined &&
          canSearch &&
          (known ? (
            <RecipientFacts customer={known} />
          ) : customer.isError ? (
            <Alert type="error" showIcon title={errorMessage(customer.error)} style={{ marginBottom: 16 }} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ))}
        {email && !missingTaxId && (
          <Form.Item name="send" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="invoice-issue-send">{t('invoices.issue.sendTo', { email })}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
