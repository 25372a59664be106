import { type Customer, type CustomField, customerBody } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dayjs';
import { fullName, toBody, toFormValues, typedPhone } from './customer-values';

const field = (id: number, type: CustomField['type']): CustomField => ({
  id,
  entity: 'customer',
  name: `Field ${id}`,
  type,
  options: type === 'select' ? ['Instagram', 'Google'] : [],
  required: false,
  position: id,
});
const fields = [
  field(1, 'text'),
  field(2, 'number'),
  field(3, 'date'),
  field(4, 'boolean'),
  field(5, 'select'),
];

const customer: Customer = {
  id: 7,
  name: 'Lucía',
  surname: 'García López',
  company: null,
  vat: null,
  email: 'lucia@example.es',
  phone: '+34600123456',
  birthdate: '1985-03-09',
  gender: 'female',
  street: 'Calle de Alcalá',
  streetNumber: '120',
  city: 'Madrid',
  state: 'Madrid',
  postalCode: '28009',
  country: 'España',
  notes: null,
  image: null,
  language: null,
  customFields: [
    { customFieldId: 2, value: '12.5' },
    { customFieldId: 3, value: '2026-01-31' },
    { customFieldId: 4, value: 'true' },
    { customFieldId: 99, value: 'added by someone else meanwhile' },
  ],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('customer form values', () => {
  it('starts a new customer empty, in the default country', () => {
    const values = toFormValues(undefined, fields, 'España');
    expect(values).toMatchObject({ name: '', email: '', country: 'España', birthdate: null, gender: null });
    expect(values.custom).toEqual({ 1: null, 2: null, 3: null, 4: null, 5: null });
  });

  it('reads a customer and sends it back unchanged, custom fields typed and unknown ones kept', () => {
    const values = toFormValues(customer, fields, 'España');
    expect(values.birthdate?.format('YYYY-MM-DD')).toBe('1985-03-09');
    expect(values.custom).toMatchObject({ 2: 12.5, 4: 'true' });
    expect(dayjs.isDayjs(values.custom[3])).toBe(true);
    const body = customerBody.parse(toBody(values, fields, customer));
    expect(body).toMatchObject({ name: 'Lucía', birthdate: '1985-03-09', gender: 'female', company: null });
    expect(body.customFields).toEqual([
      { customFieldId: 1, value: null },
      { customFieldId: 2, value: '12.5' },
      { customFieldId: 3, value: '2026-01-31' },
      { customFieldId: 4, value: 'true' },
      { customFieldId: 5, value: null },
      { customFieldId: 99, value: 'added by someone else meanwhile' },
    ]);
  });

  it('keeps the language of the mails: none is the company’s (null)', () => {
    expect(toFormValues(undefined, fields, 'España').language).toBeNull();
    expect(
      customerBody.parse(toBody(toFormValues(customer, fields, 'España'), fields, customer)).language,
    ).toBeNull();
    const values = toFormValues({ ...customer, language: 'eu' }, fields, 'España');
    expect(values.language).toBe('eu');
    expect(customerBody.parse(toBody(values, fields, customer)).language).toBe('eu');
  });

  it('stores dates as YYYY-MM-DD and empty texts as null', () => {
    const values = toFormValues(undefined, fields, 'España');
    values.name = '  Pablo ';
    values.email = ' Pablo@Example.ES ';
    values.birthdate = dayjs('2001-12-24');
    values.custom = { 1: '  ', 3: dayjs('2026-05-01'), 5: 'Google' };
    const body = customerBody.parse(toBody(values, fields));
    expect(body).toMatchObject({
      name: 'Pablo',
      email: 'pablo@example.es',
      birthdate: '2001-12-24',
      vat: null,
    });
    expect(body.customFields).toContainEqual({ customFieldId: 3, value: '2026-05-01' });
    expect(body.customFields).toContainEqual({ customFieldId: 1, value: null });
    expect(body.customFields).toContainEqual({ customFieldId: 5, value: 'Google' });
  });

  it('names a customer by name and surname', () => {
    expect(fullName(customer)).toBe('Lucía García López');
    expect(fullName({ name: 'Pablo', surname: null })).toBe('Pablo');
  });
});

describe('typedPhone: the phone field as it is typed', () => {
  it('drops separators, reads 00 as + and gives a Spanish number +34', () => {
    expect(typedPhone('689 921 849')).toBe('+34689921849');
    expect(typedPhone('689-92-18-49')).toBe('+34689921849');
    expect(typedPhone('(0034) 689.921.849')).toBe('+34689921849');
    expect(typedPhone('+33 6 12 34 56 78')).toBe('+33612345678');
  });
  it('leaves a number still being typed alone', () => {
    expect(typedPhone('689 92')).toBe('68992');
    expect(typedPhone('+')).toBe('+');
    expect(typedPhone('')).toBe('');
    expect(typedPhone(undefined)).toBe('');
  });
});
