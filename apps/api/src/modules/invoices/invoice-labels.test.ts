import { invoiceTypes, languages, paymentMethods } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import {
  fill,
  invoiceLabels,
  invoiceTitle,
  isRectifying,
  isSimplified,
  paymentMethodText,
  rectificationReason,
  verifactuTexts,
} from './invoice-labels.js';

const placeholders = (label: string) => [...label.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = invoiceLabels.en as unknown as Record<string, string>;

describe('the invoice labels', () => {
  const keys = Object.keys(invoiceLabels.es).sort();

  it.each(languages)('%s has every label, none empty, with the same placeholders as Spanish', (language) => {
    const labels = invoiceLabels[language] as unknown as Record<string, string>;
    expect(labels, language).toBeDefined();
    expect(Object.keys(labels).sort()).toEqual(keys);
    for (const key of keys) {
      expect(labels[key]?.trim(), `${language}.${key}`).toBeTruthy();
      expect(placeholders(labels[key]!), `${language}.${key}`).toEqual(
        placeholders((invoiceLabels.es as unknown as Record<string, string>)[key]!),
      );
    }
  });

  it('has no language beyond the interface languages', () => {
    expect(Object.keys(invoiceLabels).sort()).toEqual([...languages].sort());
  });

  it.each(languages.filter((language) => language !== 'en'))(
    '%s is a translation, not the English text',
    (language) => {
      const labels = invoiceLabels[language] as unknown as Record<string, string>;
      const same = keys.filter((key) => labels[key] === english[key]);
      // Words spelt alike across languages (Web, Total, Client, Motivo…) and no more.
      expect(same.length, same.join(', ')).toBeLessThanOrEqual(4);
    },
  );

  it('names a payment method of every kind, and one it does not know as stored', () => {
    for (const language of languages) {
      for (const method of paymentMethods) {
        expect(paymentMethodText(invoiceLabels[language], method), `${language} ${method}`).toBe(
          invoiceLabels[language][method],
        );
      }
      expect(paymentMethodText(invoiceLabels[language], 'bizum')).toBe('bizum');
    }
  });

  it('titles each type and gives the reason of each rectifying one', () => {
    const es = invoiceLabels.es;
    expect(invoiceTypes.map((type) => invoiceTitle(es, type))).toEqual([
      'Factura',
      'Factura simplificada',
      'Factura',
      'Factura rectificativa',
      'Factura rectificativa',
      'Factura rectificativa',
      'Factura rectificativa',
      'Factura rectificativa simplificada',
    ]);
    expect(invoiceTypes.filter(isRectifying)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(invoiceTypes.filter(isSimplified)).toEqual(['F2', 'R5']);
    for (const language of languages) {
      const labels = invoiceLabels[language];
      const reasons = invoiceTypes.map((type) => rectificationReason(labels, type));
      expect(reasons.slice(0, 3)).toEqual([undefined, undefined, undefined]);
      // Five different reasons, each in words.
      expect(new Set(reasons.slice(3)).size, language).toBe(5);
    }
  });

  it('keeps AEAT’s wording around the QR in every language', () => {
    expect(verifactuTexts).toEqual({ qrCaption: 'QR tributario:', verifiable: 'VERI*FACTU' });
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fill(invoiceLabels.es.rectifies, { code: '2026-000042', date: '29/03/2026' })).toBe(
      'Rectifica la factura 2026-000042 de 29/03/2026.',
    );
    expect(fill('{x} and {y}', { x: 'a' })).toBe('a and {y}');
  });
});
