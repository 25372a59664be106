import { languages } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../mails/templates/format.js';
import { t } from '../mails/templates/i18n.js';
import {
  type PaymentPageData,
  type PaymentPageKind,
  renderPaymentPage,
  renderRedirectPage,
} from './payment-pages.js';

const statusKinds = ['paid', 'processing', 'failed', 'unavailable', 'not_found', 'redirect'] as const;
const titleKeys = {
  paid: 'payPage.paid.title',
  processing: 'payPage.processing.title',
  failed: 'payPage.failed.title',
  unavailable: 'payPage.unavailable.title',
  not_found: 'payPage.notFound.title',
  redirect: 'payPage.redirect.title',
} as const satisfies Record<PaymentPageKind, string>;
const textKeys = {
  paid: 'payPage.paid.text',
  processing: 'payPage.processing.text',
  failed: 'payPage.failed.text',
  unavailable: 'payPage.unavailable.text',
  not_found: 'payPage.notFound.text',
  redirect: 'payPage.redirect.text',
} as const satisfies Record<PaymentPageKind, string>;

/** A 1×1 transparent PNG. */
const logo =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const data: PaymentPageData = {
  language: 'es',
  companyName: 'Peluquería Luna',
  logoDataUrl: logo,
  orderCode: 42,
  totalCents: 123450,
  retryPath: '/pay/Zk3_q-9xYt',
};

const redsys = {
  action: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  fields: {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: 'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiIxMjM0NTAifQ==',
    Ds_Signature: 'p/8k+Qz9aB==',
  },
  nonce: 'rAnd0m+Nonce/Value==',
};

/** The text of the page's `<title>` and `<h1>`. */
function titles(html: string) {
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    h1: html.match(/<h1>([^<]*)<\/h1>/)?.[1],
  };
}

/** Every URL the page refers to: attributes that load or link, and CSS `url()` and `@import`. */
function references(html: string): string[] {
  return [
    ...[...html.matchAll(/\b(?:src|href|action|srcset|poster|data)="([^"]*)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/url\(([^)]*)\)|@import/g)].map((m) => m[0]),
  ];
}

describe('payment pages', () => {
  it.each(languages)('in %s: every kind has its own title and text, in the language', (language) => {
    const seen = new Set<string>();
    for (const kind of statusKinds) {
      const html = renderPaymentPage(kind, { ...data, language });
      const where = `${language} ${kind}`;
      const title = t(language, titleKeys[kind]);
      expect(title, where).not.toBe('');
      expect(seen.has(title), where).toBe(false);
      seen.add(title);
      expect(titles(html), where).toEqual({
        title: `${escapeHtml(title)} — Peluquería Luna`,
        h1: escapeHtml(title),
      });
      expect(html, where).toMatch(/^<!DOCTYPE html>\n<html lang="[a-z]{2}" dir="ltr">/);
      expect(html, where).toContain(`<html lang="${language}"`);
      expect(html, where).toContain(`<p class="lead">${escapeHtml(t(language, textKeys[kind]))}</p>`);
      expect(html, where).toContain(`<dt>${escapeHtml(t(language, 'payPage.order'))}</dt><dd>42</dd>`);
      expect(html, where).toContain(
        `<dt>${escapeHtml(t(language, 'payPage.amount'))}</dt><dd class="amount">1.234,50\u00a0€</dd>`,
      );
      expect(html, where).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html, where).not.toMatch(/\{\w+\}/);
      expect(html, where).not.toContain('<script');
      expect(html, where).toContain('</html>');
    }
  });

  it('tells a paid order apart, with the logo and the company name on top', () => {
    const html = renderPaymentPage('paid', data);
    expect(html).toContain('<h1>Pago recibido, gracias</h1>');
    expect(html).toContain(`<img src="${logo}" alt="Peluquería Luna">`);
    expect(html).toContain('<div class="name">Peluquería Luna</div>');
    expect(html).toContain('<div class="icon ok">');
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).not.toContain('class="button');
    expect(renderPaymentPage('paid', { ...data, language: 'en' })).toContain(
      '<h1>Payment received, thank you</h1>',
    );
  });

  it('reloads a payment being confirmed every 5 seconds, and offers to check now', () => {
    const html = renderPaymentPage('processing', { ...data, language: 'en' });
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).toContain('<h1>We are confirming your payment</h1>');
    expect(html).toContain('<a class="button secondary" href="">Check now</a>');
    expect(html).toContain('class="spin"');
    expect(html).toContain('prefers-reduced-motion');
  });

  it('offers to try a failed payment again, and shows its reason', () => {
    const html = renderPaymentPage('failed', { ...data, language: 'en', reason: 'Card declined\n(9915)' });
    expect(html).toContain('<h1>The payment was not completed</h1>');
    expect(html).toContain('<a class="button" href="/pay/Zk3_q-9xYt">Try again</a>');
    expect(html).toContain('<p class="reason">Reason: Card declined (9915)</p>');
    expect(html).toContain('<div class="icon bad">');
    expect(renderPaymentPage('failed', { ...data, language: 'fr', reason: 'Refus' })).toContain(
      'Motif\u00a0: Refus',
    );
    // Without a path to try again there is no button.
    expect(renderPaymentPage('failed', { ...data, retryPath: undefined })).not.toContain('class="button');
  });

  it('refuses a retry path that leaves the site', () => {
    for (const retryPath of ['https://evil.example/pay/x', '//evil.example/x', '/\\evil.example', 'pay/x']) {
      expect(() => renderPaymentPage('failed', { ...data, retryPath }), retryPath).toThrow();
    }
  });

  it('leaves out what it is not given: order, amount, logo, company', () => {
    const html = renderPaymentPage('not_found', { language: 'de', companyName: '' });
    expect(titles(html)).toEqual({
      title: 'Dieser Zahlungslink ist ungültig',
      h1: 'Dieser Zahlungslink ist ungültig',
    });
    expect(html).not.toContain('class="facts"');
    expect(html).not.toContain('class="brand"');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('class="reason"');
    const unavailable = renderPaymentPage('unavailable', {
      language: 'it',
      companyName: 'Luna',
      orderCode: 7,
    });
    expect(unavailable).toContain('<dd>7</dd>');
    expect(unavailable).not.toContain('class="amount"');
    expect(unavailable).toContain('<html lang="it"');
    expect(unavailable).toContain('contattare l&#39;esercente');
  });

  it('shows only a data: logo, never one to load from elsewhere', () => {
    for (const logoDataUrl of [
      'https://evil.example/logo.png',
      '//evil.example/logo.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,AAA" onerror="alert(1)',
      'javascript:alert(1)',
    ]) {
      const html = renderPaymentPage('paid', { ...data, logoDataUrl });
      expect(html, logoDataUrl).not.toContain('<img');
      expect(html, logoDataUrl).toContain('<div class="name">Peluquería Luna</div>');
    }
  });

  it('escapes the company, the reason and every other value', () => {
    const evil = '<script>alert("x")</script>';
    const html = renderPaymentPage('failed', {
      ...data,
      companyName: `<b>Luna</b> & "Co"`,
      reason: evil,
      retryPath: '/pay/a"><script>',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<div class="name">&lt;b&gt;Luna&lt;/b&gt; &amp; &quot;Co&quot;</div>');
    expect(html).toContain('alt="&lt;b&gt;Luna&lt;/b&gt; &amp; &quot;Co&quot;"');
    expect(html).toContain('Motivo: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('href="/pay/a&quot;&gt;&lt;script&gt;"');
  });

  it('loads nothing from elsewhere and links nowhere but this site', () => {
    for (const language of languages) {
      for (const kind of statusKinds) {
        const html = renderPaymentPage(kind, { ...data, language, reason: 'x' });
        for (const url of references(html)) {
          expect(url === '' || url.startsWith('/pay/') || url.startsWith('data:image/'), url).toBe(true);
        }
        expect(html).not.toMatch(/https?:|\/\/[a-z]/i);
        expect(html).not.toMatch(/<link\b|<iframe\b|<object\b|<embed\b/);
        expect(html).not.toMatch(/\sstyle="/);
      }
    }
  });
});

describe('the redirect page', () => {
  it('posts the fields to the gateway, sent by a script with the nonce, and a button without script', () => {
    const html = renderRedirectPage({ ...data, ...redsys });
    expect(html).toContain(
      '<form id="pay" method="post" action="https://sis-t.redsys.es:25443/sis/realizarPago">',
    );
    expect(html).toContain('<input type="hidden" name="Ds_SignatureVersion" value="HMAC_SHA256_V1">');
    expect(html).toContain(
      '<input type="hidden" name="Ds_MerchantParameters" value="eyJEU19NRVJDSEFOVF9BTU9VTlQiOiIxMjM0NTAifQ==">',
    );
    expect(html).toContain('<input type="hidden" name="Ds_Signature" value="p/8k+Qz9aB==">');
    expect(html).toContain(
      '<button class="button" type="submit">Continuar a la página de pago segura</button>',
    );
    expect(html).toContain(
      `<script nonce="rAnd0m+Nonce/Value==">document.getElementById('pay').submit();</script>`,
    );
    // One script, the nonce'd one, after the form it sends.
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html.indexOf('<script')).toBeGreaterThan(html.indexOf('</form>'));
    expect(titles(html).h1).toBe('Le llevamos a la página de pago segura');
    expect(html).toContain('<dd class="amount">1.234,50\u00a0€</dd>');
    // The gateway is the only other origin it names.
    const others = references(html).filter((url) => !url.startsWith('data:image/'));
    expect(others).toEqual(['https://sis-t.redsys.es:25443/sis/realizarPago']);
  });

  it.each(languages)('in %s has its title and button', (language) => {
    const html = renderRedirectPage({ ...data, ...redsys, language });
    expect(html).toContain(`<html lang="${language}"`);
    expect(titles(html).h1).toBe(escapeHtml(t(language, 'payPage.redirect.title')));
    expect(html).toContain(`>${escapeHtml(t(language, 'payPage.redirect.continue'))}</button>`);
  });

  it('escapes the fields, the action and the nonce', () => {
    const html = renderRedirectPage({
      ...data,
      action: 'https://pay.example/x?a=1&b="2"',
      fields: { 'a"b': `"><script>alert('x')</script>`, plain: 'x&y' },
      nonce: 'n"><script>',
    });
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).toContain('action="https://pay.example/x?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain(
      '<input type="hidden" name="a&quot;b" value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;">',
    );
    expect(html).toContain('<input type="hidden" name="plain" value="x&amp;y">');
    expect(html).toContain('<script nonce="n&quot;&gt;&lt;script&gt;">');
  });

  it('refuses an action that is not a web address, and a missing nonce', () => {
    for (const action of ['javascript:alert(1)', '/local', 'data:text/html,x', 'https://']) {
      expect(() => renderRedirectPage({ ...data, ...redsys, action }), action).toThrow();
    }
    expect(() => renderRedirectPage({ ...data, ...redsys, nonce: '' })).toThrow();
  });
});
