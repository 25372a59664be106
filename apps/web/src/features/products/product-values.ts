import {
  type CommissionType,
  defaultPeriodicity,
  givesCredit,
  givesSessions,
  isBookableType,
  isSubscriptionType,
  namesProducts,
  type PaymentPeriodicity,
  type PeriodicityUnit,
  type Product,
  type ProductBody,
  type ProductStatus,
  type ProductType,
} from '@mostrador/contract';

/** The product form's fields: the body's, with the periodicity split in two inputs. */
export interface ProductFormValues {
  name: string;
  reference: string;
  description: string;
  price: number | null;
  image: number | null;
  type: ProductType;
  taxType: number | null;
  status: ProductStatus;
  sellOnline: boolean;
  durationInMinutes: number | null;
  publicDuration: number | null;
  spacesOccupiedInTheCalendar: number | null;
  bookingCalendarId: number | null;
  canCustomersChangeTheBookingDate: boolean;
  howManyTimesCanCustomerRescheduleBooking: number | null;
  periodicityQuantity: number | null;
  periodicityUnit: PeriodicityUnit;
  freeSubscriptionTrialDays: number | null;
  daysToPaySubscriptionRenewal: number | null;
  periodicityOfSubscriptionPayment: PaymentPeriodicity | null;
  supplierCommissionType: CommissionType | null;
  supplierCommissionQuantity: number | null;
  supplierId: number | null;
  packSessions: number | null;
  packProductIds: number[];
  creditAmount: number | null;
}

/** A new product starts as an enabled regular product with the company's first tax. */
export function toFormValues(product: Product | undefined, defaultTaxId: number | null): ProductFormValues {
  const periodicity = product?.periodicity ?? defaultPeriodicity;
  return {
    name: product?.name ?? '',
    reference: product?.reference ?? '',
    description: product?.description ?? '',
    price: product?.price ?? null,
    image: product?.image ?? null,
    type: product?.type ?? 'regular',
    taxType: product?.taxType ?? defaultTaxId,
    status: product?.status ?? 'enabled',
    sellOnline: product?.sellOnline ?? false,
    durationInMinutes: product?.durationInMinutes ?? null,
    publicDuration: product?.publicDuration ?? null,
    spacesOccupiedInTheCalendar: product?.spacesOccupiedInTheCalendar ?? 1,
    bookingCalendarId: product?.bookingCalendarId ?? null,
    canCustomersChangeTheBookingDate: product?.canCustomersChangeTheBookingDate ?? false,
    howManyTimesCanCustomerRescheduleBooking: product?.howManyTimesCanCustomerRescheduleBooking ?? null,
    periodicityQuantity: periodicity.quantity,
    periodicityUnit: periodicity.unit,
    freeSubscriptionTrialDays: product?.freeSubscriptionTrialDays ?? null,
    daysToPaySubscriptionRenewal: product?.daysToPaySubscriptionRenewal ?? null,
    periodicityOfSubscriptionPayment: product?.periodicityOfSubscriptionPayment ?? null,
    supplierCommissionType: product?.supplierCommissionType ?? null,
    supplierCommissionQuantity: product?.supplierCommissionQuantity ?? null,
    supplierId: product?.supplierId ?? null,
    packSessions: product?.packSessions ?? null,
    packProductIds: product?.packProductIds ?? [],
    creditAmount: product?.creditAmount ?? null,
  };
}

/**
 * The body to send: the fields the type does not use are left out (the server stores them as empty), so
 * switching a product from bookable to regular does not carry a stale duration along.
 */
export function toBody(values: ProductFormValues): ProductBody {
  const bookable = isBookableType(values.type);
  const subscription = isSubscriptionType(values.type);
  const canChangeDate = bookable && values.canCustomersChangeTheBookingDate;
  return {
    name: values.name,
    reference: values.reference,
    description: values.description,
    price: values.price as number,
    image: values.image,
    type: values.type,
    taxType: values.taxType as number,
    status: values.status,
    sellOnline: values.sellOnline,
    durationInMinutes: bookable ? values.durationInMinutes : null,
    publicDuration: bookable ? values.publicDuration : null,
    spacesOccupiedInTheCalendar: bookable ? (values.spacesOccupiedInTheCalendar ?? 1) : 1,
    bookingCalendarId: bookable ? values.bookingCalendarId : null,
    canCustomersChangeTheBookingDate: canChangeDate,
    howManyTimesCanCustomerRescheduleBooking: canChangeDate
      ? values.howManyTimesCanCustomerRescheduleBooking
      : null,
    periodicity: subscription
      ? { quantity: values.periodicityQuantity as number, unit: values.periodicityUnit }
      : defaultPeriodicity,
    freeSubscriptionTrialDays: subscription ? values.freeSubscriptionTrialDays : null,
    daysToPaySubscriptionRenewal: subscription ? values.daysToPaySubscriptionRenewal : null,
    periodicityOfSubscriptionPayment: subscription ? values.periodicityOfSubscriptionPayment : null,
    supplierCommissionType: values.supplierCommissionType,
    supplierCommissionQuantity: values.supplierCommissionType ? values.supplierCommissionQuantity : null,
    // Kept as it was when the user may not see suppliers (the field is not shown then).
    supplierId: values.supplierId ?? null,
    // A pack and a bookings subscription give sessions of the products they name (a programme names them
    // only); a credit and a credit subscription give money.
    packSessions: givesSessions(values.type) ? values.packSessions : null,
    packProductIds: namesProducts(values.type) ? values.packProductIds : null,
    creditAmount: givesCredit(values.type) ? values.creditAmount : null,
  };
}

/** "90 min", "1 h", "1 h 30 min": how long a booking lasts, as people read it. */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
