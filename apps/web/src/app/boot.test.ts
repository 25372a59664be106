// @vitest-environment jsdom
import { appConfigSchema } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { inlineAppConfig } from './boot';

const page = (head: string) =>
  new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');

describe("the app config /login's page carries", () => {
  it('is read from its meta element, entities and all', () => {
    const config = {
      appName: 'Mostrador',
      version: '0.1.0',
      brand: { primaryColor: '#AA3300', logoUrl: 'https://x.test/a?b=1&c="2"<3>', language: 'es' },
    };
    const escaped = JSON.stringify(config)
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
    expect(inlineAppConfig(page(`<meta name="mostrador-app-config" content="${escaped}">`))).toEqual(config);
  });

  it('is null where the page has none, or one that is not an app config', () => {
    expect(inlineAppConfig(page(''))).toBeNull();
    expect(inlineAppConfig(page('<meta name="mostrador-app-config" content="{not json">'))).toBeNull();
    expect(
      inlineAppConfig(page('<meta name="mostrador-app-config" content="{&quot;appName&quot;:1}">')),
    ).toBeNull();
    // The contract's schema decides what an app config is: what it refuses, this refuses too.
    const candidates: unknown[] = [
      null,
      [],
      { appName: 'M', version: '1' },
      { appName: 'M', version: '1', brand: null },
      { appName: 'M', version: 1, brand: null },
      { appName: 'M', version: '1', brand: { primaryColor: '#fff', logoUrl: null, language: 'es' } },
      { appName: 'M', version: '1', brand: { primaryColor: '#fff', logoUrl: 3, language: 'es' } },
      { appName: 'M', version: '1', brand: { primaryColor: '#fff', language: 'es' } },
      { appName: 'M', version: '1', brand: 'es' },
    ];
    for (const candidate of candidates) {
      const content = JSON.stringify(candidate).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      const read = inlineAppConfig(page(`<meta name="mostrador-app-config" content="${content}">`));
      expect(read !== null, JSON.stringify(candidate)).toBe(appConfigSchema.safeParse(candidate).success);
    }
  });
});
