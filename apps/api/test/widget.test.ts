import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetLanguage, widgetPolicy } from '../src/modules/widget/widget-page.js';
import { platformLicense } from './factories.js';
import { buildTestApp, call, createLicense, type TestApp } from './helpers.js';

/*
 * The booking widget as the API serves it (issue 20): its loader, its hashed assets and its page per
 * company, with the page's own Content-Security-Policy (framed only by the company's sites), from a
 * built widget of this test's own (a temporary WIDGET_DIST_DIR).
 */

const dist = mkdtempSync(path.join(os.tmpdir(), 'mostrador-widget-'));
const web = mkdtempSync(path.join(os.tmpdir(), 'mostrador-web-'));
const loader = '(()=>{/* loader */})();';
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'widget.js'), loader);
writeFileSync(path.join(dist, 'widget.js.gz'), gzipSync(loader));
writeFileSync(path.join(dist, 'assets', 'app-ABC123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'assets', 'app-ABC123.css'), 'body{}');
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="{{lang}}" data-license="{{license}}" data-company="{{company}}"><head><title>{{title}}</title><script type="module" src="/widget/assets/app-ABC123.js"></script></head><body></body></html>',
);
writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>back-office</title>');

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { PUBLIC_URL: 'https://reservas.example.test', WIDGET_DIST_DIR: dist, WEB_DIST_DIR: web },
  });
  bare = await buildTestApp({ env: { WIDGET_DIST_DIR: path.join(dist, 'missing') } });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(web, { recursive: true, force: true });
});

/** A company with its name, languages and the sites that embed its widget. */
async function shop(name: string, sites: { widgetUrl?: string | null; web?: string | null }) {
  const c = await createLicense(t);
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: { companyName: name, locale: 'es', otherLanguages: ['en', 'ca'], ...sites },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

const page = (code: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/widget/${encodeURIComponent(code)}${query}`, headers });

/** The `data-company` JSON of a served page. */
function companyOf(html: string) {
  const attribute = /data-company="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(
    attribute
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

describe('the widget page', () => {
  it('is the built template with the company, framed only by its configured sites', async () => {
    const c = await shop('Spa "Mar" <&>', {
      widgetUrl: 'https://www.spamar.example/reservar?x=1',
      web: 'https://spamar.example:8443/',
    });
    const res = await page(c.code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https://reservas.example.test; connect-src 'self'; frame-ancestors 'self' https://www.spamar.example https://spamar.example:8443; base-uri 'none'; form-action 'none'",
    );
    // Framed by those sites: no X-Frame-Options DENY here (it would override frame-ancestors).
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // What the app needs, as attributes (no inline script), escaped.
    expect(res.body).toContain(`data-license="${c.code}"`);
    expect(res.body).toContain('<title>Spa &quot;Mar&quot; &lt;&amp;&gt;</title>');
    expect(res.body).not.toContain('<&>');
    expect(res.body).not.toMatch(/<script>/);
    expect(companyOf(res.body)).toMatchObject({
      name: 'Spa "Mar" <&>',
      color: '#0f766e',
      languages: ['es', 'en', 'ca'],
      mainLanguage: 'es',
      timeZone: expect.any(String),
    });
  });

  it('opens in the asked language if offered, else the browser’s first offered one, else the main one', async () => {
    const c = await shop('Idiomas', {});
    const lang = async (query: string, acceptLanguage?: string) =>
      /<html lang="(\w+)"/.exec(
        (await page(c.code, acceptLanguage ? { 'accept-language': acceptLanguage } : {}, query)).body,
      )?.[1];
    expect(await lang('?lang=en')).toBe('en');
    expect(await lang('?lang=de', 'ca-ES,ca;q=0.9')).toBe('ca');
    expect(await lang('', 'de-DE,de;q=0.9,en;q=0.8')).toBe('en');
    expect(await lang('', 'fr;q=0.2,en-GB;q=0.5')).toBe('en');
    expect(await lang('', 'de')).toBe('es');
    expect(await lang('?lang=%3Cx%3E')).toBe('es');
  });

  it('without configured sites only the server itself may frame it', async () => {
    const c = await shop('Sin web', { widgetUrl: null, web: null });
    const res = await page(c.code);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
  });

  it('is 404 for an unknown, switched-off or platform license', async () => {
    expect((await page('no-such-company')).statusCode).toBe(404);
    const off = await shop('Cerrada', {});
    await t.database.db.execute(sql`update licenses set status = 'inactive' where code = ${off.code}`);
    const res = await page(off.code);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const platform = await platformLicense(t);
    expect((await page(platform.code)).statusCode).toBe(404);
  });

  it('shows each company its own face and sites only: another code is another company', async () => {
    const a = await shop('Empresa A', { widgetUrl: 'https://a.example/' });
    const b = await shop('Empresa B', { widgetUrl: 'https://b.example/' });
    const resA = await page(a.code);
    const resB = await page(b.code);
    expect(companyOf(resA.body).name).toBe('Empresa A');
    expect(companyOf(resB.body).name).toBe('Empresa B');
    expect(resB.body).not.toContain('Empresa A');
    expect(resB.body).not.toContain(a.code);
    expect(String(resB.headers['content-security-policy'])).not.toContain('a.example');
    expect(String(resA.headers['content-security-policy'])).not.toContain('b.example');
  });

  it('leaves the back-office unframeable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bookings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('the loader and the assets', () => {
  it('serves the loader at a stable address, revalidated by its ETag, compressed when accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(loader);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
  });

  it('serves hashed assets for a year, and 404 for any other name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget/assets/app-ABC123.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/widget/assets/app-OTHER.js' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/widget/assets/..%2F..%2Fwidget.js' })).statusCode,
    ).toBe(404);
  });

  it('starts without the widget when it is not built', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/widget.js' })).statusCode).toBe(404);
    expect((await bare.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('the page’s pure parts', () => {
  it('picks the language by weight, ignoring what the company does not offer', () => {
    const company = { languages: ['es', 'en'] as const, mainLanguage: 'es' as const };
    const c = { languages: [...company.languages], mainLanguage: company.mainLanguage };
    expect(widgetLanguage(c, undefined, 'en;q=0.4, es;q=0.8')).toBe('es');
    expect(widgetLanguage(c, 'EN', undefined)).toBe('en');
    expect(widgetLanguage(c, undefined, 'en;q=0')).toBe('es');
  });

  it('keeps unusable sites out of frame-ancestors', () => {
    expect(widgetPolicy(['https://a.example', 'https://a.example'], 'http://localhost:3000')).toContain(
      "frame-ancestors 'self' https://a.example;",
    );
  });
});
