import type { CommissionType, Supplier, SupplierBody } from '@mostrador/contract';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../lib/dayjs';

/** The supplier form's fields: the body's, the start day as a date. The status changes by its actions. */
export interface SupplierFormValues {
  name: string;
  customerId: number | null;
  startsAt: Dayjs | null;
  commissionType: CommissionType | null;
  commissionQuantity: number | null;
  automaticActivation: boolean;
  appLoginUrl: string;
  passwordChangeUrl: string;
}

export function toFormValues(supplier: Supplier | undefined): SupplierFormValues {
  return {
    name: supplier?.name ?? '',
    customerId: supplier?.customerId ?? null,
    startsAt: supplier?.startsAt ? dayjs(supplier.startsAt) : null,
    commissionType: supplier?.commissionType ?? null,
    commissionQuantity: supplier?.commissionQuantity ?? null,
    automaticActivation: supplier?.automaticActivation ?? false,
    appLoginUrl: supplier?.appLoginUrl ?? '',
    passwordChangeUrl: supplier?.passwordChangeUrl ?? '',
  };
}

/** The body to send; without a commission type the quantity goes too. The status is left as it is. */
export function toBody(values: SupplierFormValues): SupplierBody {
  return {
    name: values.name,
    customerId: values.customerId ?? null,
    startsAt: values.startsAt ? values.startsAt.format('YYYY-MM-DD') : null,
    commissionType: values.commissionType ?? null,
    commissionQuantity: values.commissionType ? values.commissionQuantity : null,
    automaticActivation: values.automaticActivation,
    appLoginUrl: values.appLoginUrl ?? '',
    passwordChangeUrl: values.passwordChangeUrl ?? '',
  };
}
