import { describe, expect, it } from 'vitest';
import { formatEuros, parseDecimalInput } from './format';

describe('parseDecimalInput', () => {
  it.each([
    ['45,5', '45.5'],
    ['45.5', '45.5'],
    ['45,50 €', '45.50'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1 234,5', '1234.5'],
    ['1.234', '1234'],
    ['300', '300'],
    [',5', '0.5'],
    ['-2,5', '-2.5'],
    ['', ''],
    ['abc', ''],
  ])('reads %j as %j', (typed, parsed) => {
    expect(parseDecimalInput(typed)).toBe(parsed);
  });
});

describe('formatEuros', () => {
  it('shows Spanish formatting with grouping', () => {
    expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1.234,50 €');
  });
});
