import { ErrorCode, type Product, productBody } from '@mostrador/contract';
import { App, Form } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { RecordForm } from '../../../components/forms/record-form';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, issueMessage } from '../../../components/forms/zod-rule';
import { useTaxesById } from '../../session/api';
import { useCreateProduct, useUpdateProduct } from '../api';
import { type ProductFormValues, toBody, toFormValues } from '../product-values';
import { ProductFormSections } from './product-form-sections';

/** Where a body path lands in the form: the periodicity is two inputs there. */
function formName(path: readonly PropertyKey[]): (string | number)[] {
  if (path[0] === 'periodicity') return [path[1] === 'unit' ? 'periodicityUnit' : 'periodicityQuantity'];
  return path.map((part) => (typeof part === 'number' ? part : String(part)));
}

/** Errors of the API that belong to one field. */
const fieldOfError: Partial<Record<number, keyof ProductFormValues>> = {
  [ErrorCode.productReferenceExists]: 'reference',
  [ErrorCode.productTypeLocked]: 'type',
};

interface ProductFormProps {
  product?: Product;
  onDone: () => void;
  footerStart?: (leave: () => void) => ReactNode;
}

/** The product's create and edit form: the fields its type needs, contract validation, server errors on fields. */
export function ProductForm({ product, onDone, footerStart }: ProductFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const taxes = useTaxesById();
  const [form] = Form.useForm<ProductFormValues>();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const unsaved = useUnsavedChanges();
  const initialValues = useMemo(() => {
    const firstTax = Object.values(taxes)[0]?.id ?? null;
    return toFormValues(product, firstTax);
  }, [product, taxes]);

  const submit = async (values: ProductFormValues) => {
    // Sections hidden for the type are not in `values`: the store still holds them (and toBody drops them).
    const body = toBody({ ...initialValues, ...form.getFieldsValue(true), ...values });
    const parsed = productBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => {
          const [key, params] = issueMessage(issue, undefined);
          return { name: formName(issue.path) as never, errors: [t(key, params ?? {})] };
        }),
      );
      message.error(t(`errors.${ErrorCode.validation}`));
      scrollToFirstError(form);
      return;
    }
    try {
      const saved = product
        ? await update.mutateAsync({ id: product.id, body })
        : await create.mutateAsync(body);
      unsaved.markClean();
      message.success(t(product ? 'products.updated' : 'products.created', { name: saved.name }));
      onDone();
    } catch (error) {
      const field = isApiError(error) ? fieldOfError[error.code] : undefined;
      if (field && isApiError(error)) {
        form.setFields([{ name: field, errors: [t(`errors.${error.code}`)] }]);
      } else if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
        return;
      }
      scrollToFirstError(form);
    }
  };

  return (
    <RecordForm<ProductFormValues>
      name="product"
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      unsaved={unsaved}
      saving={create.isPending || update.isPending}
      onDone={onDone}
      footerStart={footerStart}
    >
      <ProductFormSections isNew={!product} />
    </RecordForm>
  );
}
