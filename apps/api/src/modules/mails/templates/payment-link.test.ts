import { languages } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  type MailCompany,
  mailCatalogues,
  type PaymentLinkMailData,
  renderPaymentLinkMail,
  t,
} from './index.js';

const company: MailCompany = {
  name: 'Peluquería Luna',
  address: 'C/ Mayor 3, 28001 Madrid',
  email: 'hola@luna.example',
  phone: '+34 600 000 000',
  web: 'https://luna.example',
  timeZone: 'Europe/Madrid',
  logoCid: 'logo@mostrador',
  publicUrl: 'https://app.mostrador.example',
};

const data: PaymentLinkMailData = {
  orderCode: 42,
  totalCents: 123450,
  customerName: 'Ana García',
  path: '/pay/Zk3_q-9xYt',
  lines: [
    { name: 'Tinte completo', quantity: 1, totalCents: 120000 },
    { name: 'Champú 500 ml', quantity: 2, totalCents: 3450 },
  ],
};

const link = 'https://app.mostrador.example/pay/Zk3_q-9xYt';
const paymentLinkKeys = Object.keys(mailCatalogues.es).filter((key) => key.startsWith('paymentLink.'));

describe('the payment link mail', () => {
  it('asks to pay the order with a button to PUBLIC_URL/pay/<token>, its lines and total in euros', () => {
    const mail = renderPaymentLinkMail(data, company, 'es');
    expect(mail.subject).toBe('Pague su pedido 42 — Peluquería Luna');
    for (const line of [
      'Su pedido está pendiente de pago',
      'Hola, Ana García:',
      'Puede pagar su pedido en línea con tarjeta mediante el botón de abajo.',
      'Pedido: 42',
      'Total a pagar: 1.234,50\u00a0€',
      `Pagar ahora: ${link}`,
      'Tinte completo\n  Cant.: 1 · Importe: 1.200,00\u00a0€',
      'Champú 500 ml\n  Cant.: 2 · Importe: 34,50\u00a0€',
      'Este enlace es válido mientras su pedido esté pendiente de pago.',
      'Nunca se los pediremos por correo electrónico.',
      'Gracias por su pedido.',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain(`<a href="${link}" target="_blank"`);
    expect(mail.html).toContain('>Pagar ahora</a>');
    expect(mail.html).toContain('1.234,50\u00a0€');
    expect(mail.html).toContain('>Tinte completo</td>');
    expect(mail.html).toContain('<html lang="es"');
    // The button's link is the only link of the mail.
    expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([link]);
  });

  it('puts the link under a PUBLIC_URL with a base path, and greets without a name', () => {
    const mail = renderPaymentLinkMail(
      { ...data, customerName: null, lines: [] },
      { ...company, publicUrl: 'https://shop.example:8443/base', name: '' },
      'en',
    );
    expect(mail.subject).toBe('Pay your order 42');
    expect(mail.html).toContain('href="https://shop.example:8443/base/pay/Zk3_q-9xYt"');
    expect(mail.text).toContain('Pay now: https://shop.example:8443/base/pay/Zk3_q-9xYt');
    expect(mail.text).toContain('Hello,\n');
    expect(mail.text).toContain('Total to pay: 1.234,50\u00a0€');
    // Without lines there is no table, only the order and its total.
    expect(mail.html).not.toContain('<thead>');
    expect(mail.text).not.toContain('Qty');
  });

  it('refuses a link outside the application', () => {
    expect(() =>
      renderPaymentLinkMail({ ...data, path: 'https://evil.example/pay/x' }, company, 'es'),
    ).toThrow();
  });

  it('is written in the customer’s language, with euros in Spanish formatting', () => {
    const de = renderPaymentLinkMail(data, company, 'de');
    expect(de.subject).toBe('Bezahlen Sie Ihre Bestellung 42 — Peluquería Luna');
    expect(de.text).toContain('Zu zahlender Betrag: 1.234,50\u00a0€');
    expect(de.text).toContain(`Jetzt bezahlen: ${link}`);
    expect(de.html).toContain('<html lang="de"');
    const fr = renderPaymentLinkMail(data, company, 'fr');
    expect(fr.text).toContain('Total à payer\u00a0: 1.234,50\u00a0€');
    const zh = renderPaymentLinkMail(data, company, 'zh');
    expect(zh.text).toContain('应付总额：1.234,50\u00a0€');
    expect(zh.subject).toBe('请支付您的订单 42 — Peluquería Luna');
  });

  it.each(languages)('in %s has every text of its own, nothing left unfilled', (language) => {
    for (const key of paymentLinkKeys) {
      expect(
        mailCatalogues[language][key as keyof typeof mailCatalogues.es],
        `${language} ${key}`,
      ).toBeTruthy();
    }
    const mail = renderPaymentLinkMail(data, company, language);
    expect(mail.subject).toBe(`${t(language, 'paymentLink.subject', { code: 42 })} — Peluquería Luna`);
    expect(mail.html).toContain(`<html lang="${language}"`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    for (const key of [
      'paymentLink.heading',
      'paymentLink.intro',
      'paymentLink.validity',
      'paymentLink.security',
    ] as const) {
      expect(mail.html, `${language} ${key}`).toContain(escapeHtml(t(language, key)));
      expect(mail.text, `${language} ${key}`).toContain(t(language, key));
    }
    for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\w+\}/);
    expect(mail.text).not.toMatch(/<\/?(td|tr|p|br|div|table|a)\b/);
  });

  it('the payment link texts differ from Spanish in every other language', () => {
    for (const language of languages.filter((l) => l !== 'es' && l !== 'ca')) {
      const same = paymentLinkKeys.filter(
        (key) =>
          mailCatalogues[language][key as keyof typeof mailCatalogues.es] ===
          mailCatalogues.es[key as keyof typeof mailCatalogues.es],
      );
      expect(same, language).toEqual([]);
    }
  });

  it('escapes the customer, the lines and the company', () => {
    const evil = '<script>alert("x")</script>';
    const mail = renderPaymentLinkMail(
      { ...data, customerName: evil, lines: [{ name: `${evil} & <b>`, quantity: 1, totalCents: 100 }] },
      { ...company, name: `<b>Luna</b> & "Co"` },
      'es',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hola, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;:');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
    expect(mail.html).toContain('&lt;b&gt;Luna&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.subject).toBe('Pague su pedido 42 — <b>Luna</b> & "Co"');
    // The plain-text part says it as written.
    expect(mail.text).toContain(`Hola, ${evil}:`);
  });
});
