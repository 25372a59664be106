import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './i18n';

describe('resolveLanguage', () => {
  it('uses the brand language first', () => {
    expect(resolveLanguage({ brandLanguage: 'es', cookie: 'de', navigatorLanguage: 'fr-FR' })).toBe('es');
  });
  it('falls back to Spanish for a brand with an unknown language', () => {
    expect(resolveLanguage({ brandLanguage: 'Spanish', cookie: 'de' })).toBe('es');
  });
  it('then the lang cookie', () => {
    expect(resolveLanguage({ cookie: 'ca', navigatorLanguage: 'fr-FR' })).toBe('ca');
  });
  it('then the first two letters of the browser language', () => {
    expect(resolveLanguage({ cookie: 'xx', navigatorLanguage: 'pt-BR' })).toBe('pt');
    expect(resolveLanguage({ navigatorLanguage: 'zh-CN' })).toBe('zh');
  });
  it('else English', () => {
    expect(resolveLanguage({ navigatorLanguage: 'ja-JP' })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });
});
