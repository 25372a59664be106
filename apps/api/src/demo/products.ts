import { type ProductBody, productBody, productTranslationsBody } from '@mostrador/contract';
import type { Services } from '../app.js';
import type { DemoCalendarKey } from './calendars.js';
import { uploadDemoProductImage } from './product-images.js';

type Auth = Parameters<Services['products']['create']>[0];

interface DemoProduct {
  product: Omit<ProductBody, 'taxType' | 'bookingCalendarId'>;
  /** The calendar a bookable product is booked on. */
  calendar?: DemoCalendarKey;
  /**
   * A pack or a bookings_subscription: the references of the products (listed before it) its sessions pay
   * for; a program_subscription: those it makes free.
   */
  packOf?: string[];
  en: [name: string, description: string | null];
  ca: [name: string, description: string | null];
}

/** The wellness centre's catalogue: treatments, bonos, memberships, gift vouchers and shop products. */
const demoProducts: DemoProduct[] = [
  {
    calendar: 'massage',
    product: {
      reference: 'MAS-REL-60',
      name: 'Masaje relajante 60 min',
      description: 'Masaje de cuerpo entero con aceites esenciales para liberar el estrés.',
      price: 55,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 60,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 2,
    },
    en: ['Relaxing massage 60 min', 'Full-body massage with essential oils to release stress.'],
    ca: ['Massatge relaxant 60 min', 'Massatge de cos sencer amb olis essencials per alliberar l’estrès.'],
  },
  {
    calendar: 'massage',
    product: {
      reference: 'MAS-DES-45',
      name: 'Masaje descontracturante 45 min',
      description: 'Masaje profundo de espalda, cuello y hombros.',
      price: 49.9,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 45,
    },
    en: ['Deep tissue massage 45 min', 'Deep massage for back, neck and shoulders.'],
    ca: ['Massatge descontracturant 45 min', 'Massatge profund d’esquena, coll i espatlles.'],
  },
  {
    calendar: 'massage',
    product: {
      reference: 'MAS-PIE-90',
      name: 'Masaje con piedras calientes 90 min',
      description: 'Piedras volcánicas calientes y aceite de almendras.',
      price: 79,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 105,
      publicDuration: 90,
    },
    en: ['Hot stone massage 90 min', 'Hot volcanic stones and almond oil.'],
    ca: ['Massatge amb pedres calentes 90 min', 'Pedres volcàniques calentes i oli d’ametlla.'],
  },
  {
    calendar: 'massage',
    product: {
      reference: 'FAC-HID',
      name: 'Tratamiento facial hidratante',
      description: 'Limpieza, exfoliación, mascarilla e hidratación profunda.',
      price: 65,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 75,
      publicDuration: 60,
    },
    en: ['Moisturising facial', 'Cleansing, exfoliation, mask and deep moisturising.'],
    ca: ['Tractament facial hidratant', 'Neteja, exfoliació, mascareta i hidratació profunda.'],
  },
  {
    calendar: 'thermal',
    product: {
      reference: 'CIR-TER-2H',
      name: 'Circuito termal 2 horas',
      description: 'Piscina de hidromasaje, sauna, baño turco y ducha de sensaciones.',
      price: 35,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 120,
      spacesOccupiedInTheCalendar: 1,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 1,
    },
    en: ['Thermal circuit 2 hours', 'Hydromassage pool, sauna, Turkish bath and sensation shower.'],
    ca: ['Circuit termal 2 hores', 'Piscina d’hidromassatge, sauna, bany turc i dutxa de sensacions.'],
  },
  {
    calendar: 'yoga',
    product: {
      reference: 'YOG-CLA',
      name: 'Clase de yoga',
      description: 'Hatha yoga en grupo reducido, para todos los niveles.',
      price: 15,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 60,
      publicDuration: 55,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 1,
    },
    en: ['Yoga class', 'Hatha yoga in a small group, for every level.'],
    ca: ['Classe de ioga', 'Hatha ioga en grup reduït, per a tots els nivells.'],
  },
  {
    product: {
      reference: 'BONO-MAS-5',
      name: 'Bono 5 masajes relajantes',
      description: 'Cinco masajes relajantes de 60 minutos, con un 10 % de descuento.',
      price: 247.5,
      type: 'pack',
      sellOnline: true,
      packSessions: 5,
    },
    packOf: ['MAS-REL-60'],
    en: ['5 relaxing massages pass', 'Five 60-minute relaxing massages, 10% off.'],
    ca: ['Bo 5 massatges relaxants', 'Cinc massatges relaxants de 60 minuts, amb un 10 % de descompte.'],
  },
  {
    product: {
      reference: 'BONO-CIR-10',
      name: 'Bono 10 circuitos termales',
      description: 'Diez entradas al circuito termal.',
      price: 300,
      type: 'pack',
      packSessions: 10,
    },
    packOf: ['CIR-TER-2H'],
    en: ['10 thermal circuits pass', 'Ten entries to the thermal circuit.'],
    ca: ['Bo 10 circuits termals', 'Deu entrades al circuit termal.'],
  },
  {
    product: {
      reference: 'CRED-100',
      name: 'Bono de 100 € en tratamientos',
      description: 'Saldo para cualquier tratamiento del centro.',
      price: 90,
      type: 'credit',
      sellOnline: true,
      creditAmount: 100,
    },
    en: ['€100 treatment credit', 'Credit for any treatment in the centre.'],
    ca: ['Bo de 100 € en tractaments', 'Saldo per a qualsevol tractament del centre.'],
  },
  {
    product: {
      reference: 'CLUB-MES',
      name: 'Cuota mensual Club Aurora',
      description: 'Acceso libre al circuito termal y 15 % de descuento en tratamientos.',
      price: 59,
      type: 'subscription',
      sellOnline: true,
      periodicity: { quantity: 1, unit: 'month' },
      periodicityOfSubscriptionPayment: 'monthly',
      freeSubscriptionTrialDays: 7,
    },
    en: ['Aurora Club monthly membership', 'Free access to the thermal circuit and 15% off treatments.'],
    ca: ['Quota mensual Club Aurora', 'Accés lliure al circuit termal i 15 % de descompte en tractaments.'],
  },
  {
    calendar: 'massage',
    product: {
      reference: 'SUS-MAS-4',
      name: 'Suscripción 4 masajes al mes',
      description: 'Cuatro masajes de 60 minutos cada mes.',
      price: 189,
      type: 'bookings_subscription',
      durationInMinutes: 60,
      periodicity: { quantity: 1, unit: 'month' },
      periodicityOfSubscriptionPayment: 'monthly',
      daysToPaySubscriptionRenewal: 5,
      packSessions: 4,
    },
    packOf: ['MAS-REL-60'],
    en: ['4 massages a month subscription', 'Four 60-minute massages every month.'],
    ca: ['Subscripció 4 massatges al mes', 'Quatre massatges de 60 minuts cada mes.'],
  },
  {
    product: {
      reference: 'PROG-ANTIESTRES',
      name: 'Programa antiestrés 8 semanas',
      description: 'Yoga, meditación y un masaje semanal durante ocho semanas.',
      price: 39,
      type: 'program_subscription',
      periodicity: { quantity: 1, unit: 'week' },
      periodicityOfSubscriptionPayment: 'weekly',
    },
    packOf: ['YOG-CLA'],
    en: ['8-week anti-stress programme', 'Yoga, meditation and a weekly massage for eight weeks.'],
    ca: ['Programa antiestrès 8 setmanes', 'Ioga, meditació i un massatge setmanal durant vuit setmanes.'],
  },
  {
    product: {
      reference: 'COLAB-TER',
      name: 'Cuota de terapeuta colaborador',
      description: 'Uso de cabina y agenda en línea para terapeutas externos.',
      price: 90,
      type: 'supplier_subscription',
      periodicity: { quantity: 1, unit: 'month' },
      supplierCommissionType: 'percentage',
      supplierCommissionQuantity: 15,
    },
    en: ['Partner therapist fee', 'Treatment room and online booking for external therapists.'],
    ca: ['Quota de terapeuta col·laborador', 'Ús de cabina i agenda en línia per a terapeutes externs.'],
  },
  {
    product: {
      reference: 'CRED-MES-50',
      name: 'Créditos mensuales 50 €',
      description: 'Cada mes, 50 € de saldo para tratamientos.',
      price: 45,
      type: 'credit_subscription',
      creditAmount: 50,
      periodicity: { quantity: 1, unit: 'month' },
      periodicityOfSubscriptionPayment: 'monthly',
    },
    en: ['€50 monthly credit', '€50 of treatment credit every month.'],
    ca: ['Crèdits mensuals 50 €', 'Cada mes, 50 € de saldo per a tractaments.'],
  },
  {
    calendar: 'massage',
    product: {
      reference: 'REG-MAS-60',
      name: 'Tarjeta regalo masaje relajante',
      description: 'Un masaje relajante de 60 minutos para regalar.',
      price: 55,
      type: 'bookable_gift',
      sellOnline: true,
      durationInMinutes: 60,
    },
    en: ['Relaxing massage gift card', 'A 60-minute relaxing massage to give as a present.'],
    ca: ['Targeta regal massatge relaxant', 'Un massatge relaxant de 60 minuts per regalar.'],
  },
  {
    calendar: 'thermal',
    product: {
      reference: 'REG-SPA-2',
      name: 'Tarjeta regalo día de spa para dos',
      description: 'Circuito termal y masaje de 45 minutos para dos personas.',
      price: 150,
      type: 'bookable_gift',
      sellOnline: true,
      durationInMinutes: 180,
      spacesOccupiedInTheCalendar: 2,
    },
    en: ['Spa day for two gift card', 'Thermal circuit and a 45-minute massage for two.'],
    ca: ['Targeta regal dia d’spa per a dos', 'Circuit termal i massatge de 45 minuts per a dues persones.'],
  },
  {
    product: {
      reference: 'ACE-ALM-250',
      name: 'Aceite de almendras dulces 250 ml',
      description: 'Aceite corporal puro, prensado en frío.',
      price: 18.5,
      type: 'regular',
    },
    en: ['Sweet almond oil 250 ml', 'Pure cold-pressed body oil.'],
    ca: ['Oli d’ametlles dolces 250 ml', 'Oli corporal pur, premsat en fred.'],
  },
  {
    product: {
      reference: 'CRE-FAC-50',
      name: 'Crema facial hidratante 50 ml',
      description: 'Con ácido hialurónico y aloe vera.',
      price: 32.95,
      type: 'regular',
      sellOnline: true,
    },
    en: ['Moisturising face cream 50 ml', 'With hyaluronic acid and aloe vera.'],
    ca: ['Crema facial hidratant 50 ml', 'Amb àcid hialurònic i àloe vera.'],
  },
  {
    product: {
      reference: 'VELA-LAV',
      name: 'Vela aromática de lavanda',
      description: null,
      price: 14.9,
      type: 'regular',
      status: 'disabled',
    },
    en: ['Lavender scented candle', null],
    ca: ['Espelma aromàtica d’espígol', null],
  },
];

/** The demo centre's products, with their English and Catalan texts; taxes and calendars must exist already. */
export async function seedDemoProducts(
  services: Services,
  auth: Auth,
  calendars: Record<DemoCalendarKey, number>,
): Promise<void> {
  const taxes = await services.taxes.list(auth, { page: 1, limit: 50 });
  const vat21 = taxes.items.find((tax) => tax.percentage === 21);
  if (!vat21) throw new Error('the demo products need the 21 % tax');
  const idOf = new Map<string, number>();
  for (const { product, calendar, packOf, en, ca } of demoProducts) {
    // Parsed as the API would: the demo data meets the same rules and takes the same defaults.
    const image = await uploadDemoProductImage(services, auth, product);
    const created = await services.products.create(
      auth,
      productBody.parse({
        ...product,
        image,
        taxType: vat21.id,
        bookingCalendarId: calendar ? calendars[calendar] : null,
        ...(packOf ? { packProductIds: packOf.map((reference) => idOf.get(reference)!) } : {}),
      }),
    );
    if (product.reference) idOf.set(product.reference, created.id);
    await services.products.putTranslations(
      auth,
      created.id,
      productTranslationsBody.parse([
        { language: 'en', name: en[0], description: en[1] },
        { language: 'ca', name: ca[0], description: ca[1] },
      ]),
    );
  }
}
