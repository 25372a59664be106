import { companySettingsSchema, taxBody, updateProfileBody, updateSettingsBody } from '@mostrador/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule';

const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

async function check(schema: Parameters<typeof zodRule>[0], value: unknown): Promise<string | null> {
  const rule = zodRule(schema, t) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  const shape = companySettingsSchema.shape;

  it('passes valid values and empty optional ones', async () => {
    expect(await check(taxBody.shape.name, 'IVA 21%')).toBeNull();
    expect(await check(shape.email, '')).toBeNull();
    expect(await check(shape.phone, undefined)).toBeNull();
    expect(await check(updateProfileBody.shape.email, '')).toBeNull();
  });

  it('says "required" for empty required fields', async () => {
    expect(await check(taxBody.shape.name, '')).toBe('validation.required');
    expect(await check(taxBody.shape.name, '   ')).toBe('validation.required');
    expect(await check(taxBody.shape.percentage, null)).toBe('validation.required');
  });

  it('translates formats, bounds and the contract refinements', async () => {
    expect(await check(shape.email, 'nope')).toBe('validation.email');
    expect(await check(shape.web, 'example')).toBe('validation.url');
    expect(await check(shape.phone, '600123456')).toBe('validation.phone');
    expect(await check(shape.timeZone, 'Mars/Olympus')).toBe('validation.timeZone');
    expect(await check(taxBody.shape.percentage, 101)).toBe('validation.max {"max":100}');
    expect(await check(taxBody.shape.percentage, -1)).toBe('validation.min {"min":0}');
    expect(await check(taxBody.shape.percentage, 10.555)).toBe('validation.twoDecimals');
    expect(await check(taxBody.shape.name, 'x'.repeat(81))).toBe('validation.maxLength {"max":80}');
  });

  it('names the billing refinements: the series prefix’s signs and the Spanish tax id', async () => {
    const billing = updateSettingsBody.shape.billing.unwrap().shape;
    const verifactu = updateSettingsBody.shape.verifactu.unwrap().shape;
    expect(await check(billing.simplifiedSeries, 'T')).toBeNull();
    expect(await check(billing.simplifiedSeries, 'T<1>')).toBe('validation.seriesPrefix');
    expect(await check(billing.fullSeries, 'x'.repeat(11))).toBe('validation.maxLength {"max":10}');
    expect(await check(verifactu.taxId, 'B1234567')).toBe('validation.spanishTaxId');
    expect(await check(verifactu.taxId, 'b12345678')).toBeNull();
  });
});
