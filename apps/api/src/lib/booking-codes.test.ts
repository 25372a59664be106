import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingCode, bookingLink, readBookingCode } from './booking-codes.js';
import { createSecretBox } from './secrets.js';

describe('booking codes', () => {
  const box = createSecretBox(randomBytes(32));

  it('reads back what it signs, bare or inside the customer link', () => {
    const code = bookingCode(box, 7, 123456);
    expect(code).toMatch(/^B1\.7\.123456\.[A-Za-z0-9_-]{22}$/);
    expect(readBookingCode(box, code)).toEqual({ licenseId: 7, bookingId: 123456 });
    const link = bookingLink('https://reservas.example.es/', code);
    expect(link).toBe(`https://reservas.example.es/b/${code}`);
    expect(readBookingCode(box, ` ${link}?lang=es `)).toEqual({ licenseId: 7, bookingId: 123456 });
  });

  it('refuses another booking, another company, another secret and altered text', () => {
    const code = bookingCode(box, 7, 10);
    const signature = code.split('.')[3];
    expect(readBookingCode(box, `B1.7.11.${signature}`)).toBeNull();
    expect(readBookingCode(box, `B1.8.10.${signature}`)).toBeNull();
    expect(readBookingCode(createSecretBox(randomBytes(32)), code)).toBeNull();
    expect(readBookingCode(box, `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const text of [
      '',
      'B1',
      'B1.7.10',
      'GV-ABCD-1234',
      `B1.0.10.${signature}`,
      `B1.7.99999999999.${signature}`,
    ])
      expect(readBookingCode(box, text)).toBeNull();
  });

  it('signs alike in every process sharing the secret', () => {
    const key = randomBytes(32);
    expect(bookingCode(createSecretBox(key), 1, 2)).toBe(bookingCode(createSecretBox(key), 1, 2));
  });
});
