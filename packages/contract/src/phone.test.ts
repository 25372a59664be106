import { describe, expect, it } from 'vitest';
import { customerBody, quickCustomerBody } from './customers.js';
import { formatPhone, normalizePhone, phoneSearchDigits } from './phone.js';

describe('normalizePhone: a phone as typed, in the stored form', () => {
  it.each([
    ['689921849', '+34689921849'],
    ['689 921 849', '+34689921849'],
    ['689-92-18-49', '+34689921849'],
    ['689.921.849', '+34689921849'],
    [' 912 34 56 78 ', '+34912345678'],
    ['+34 689 921 849', '+34689921849'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0034 689 921 849', '+34689921849'],
    ['(+34) 689 921 849', '+34689921849'],
  ])('%s → %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it('leaves what it cannot read for the phone rule to refuse', () => {
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone('   ')).toBe('');
    expect(normalizePhone('12345')).toBe('12345');
    expect(normalizePhone('call me')).toBe('call me');
    // Nine digits not starting 6-9 are no Spanish number: no country code is guessed.
    expect(normalizePhone('123456789')).toBe('123456789');
    expect(customerBody.shape.phone.safeParse(normalizePhone('123456789')).success).toBe(false);
    expect(customerBody.shape.phone.safeParse(normalizePhone('689 921 849')).success).toBe(true);
  });

  it('another default country code can be given', () => {
    expect(normalizePhone('689921849', '351')).toBe('+351689921849');
  });
});

describe('formatPhone: grouped the Spanish way', () => {
  it('groups a Spanish number in threes after +34', () => {
    expect(formatPhone('+34689921849')).toBe('+34 689 921 849');
    expect(formatPhone('+34912345678')).toBe('+34 912 345 678');
  });
  it('shows other numbers as stored, and nothing for none', () => {
    expect(formatPhone('+33612345678')).toBe('+33612345678');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('phoneSearchDigits: a search term read as a phone', () => {
  it.each([
    ['689 921 849', '689921849'],
    ['689-921-849', '689921849'],
    ['689.92.18.49', '689921849'],
    ['+34 689921849', '34689921849'],
    ['0034 689 921 849', '34689921849'],
    ['(689) 921', '689921'],
  ])('%s → %s', (term, digits) => {
    expect(phoneSearchDigits(term)).toBe(digits);
  });
  it('is null for words, emails, tax ids and fewer than three digits', () => {
    for (const term of ['ana', 'ana@example.es', 'B12345678', '12', '+3', '', '689 921 849 x']) {
      expect(phoneSearchDigits(term), term).toBeNull();
    }
  });
});

describe('quickCustomerBody: a name and a phone or an email', () => {
  it('takes a name with either', () => {
    expect(quickCustomerBody.safeParse({ name: 'Ana', phone: '+34689921849' }).success).toBe(true);
    expect(quickCustomerBody.safeParse({ name: 'Ana', email: 'ana@example.es' }).success).toBe(true);
  });
  it('refuses neither, naming the phone, and a missing name', () => {
    const neither = quickCustomerBody.safeParse({ name: 'Ana', phone: '', email: '' });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((i) => i.path.join('.'))).toEqual(['phone']);
    const noName = quickCustomerBody.safeParse({ name: ' ', phone: '+34689921849' });
    expect(noName.error?.issues.map((i) => i.path.join('.'))).toEqual(['name']);
  });
});
