import { languages } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { fill, reportLabels } from './report-labels.js';

const placeholders = (label: string) => [...label.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the closing report labels', () => {
  const keys = Object.keys(reportLabels.en).sort();

  it.each(languages)('%s has every label, none empty, with the same placeholders as English', (language) => {
    const labels = reportLabels[language] as unknown as Record<string, string>;
    expect(labels, language).toBeDefined();
    expect(Object.keys(labels).sort()).toEqual(keys);
    for (const key of keys) {
      expect(labels[key]?.trim(), `${language}.${key}`).toBeTruthy();
      expect(placeholders(labels[key]!), `${language}.${key}`).toEqual(
        placeholders((reportLabels.en as unknown as Record<string, string>)[key]!),
      );
    }
  });

  it('has no language beyond the interface languages', () => {
    expect(Object.keys(reportLabels).sort()).toEqual([...languages].sort());
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('Page {page} of {pages}', { page: 1, pages: 3 })).toBe('Page 1 of 3');
    expect(fill('{x} and {y}', { x: 'a' })).toBe('a and {y}');
  });
});
