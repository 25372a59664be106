import { languages } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  type InvoiceMailData,
  type MailCompany,
  mailCatalogues,
  renderInvoiceMail,
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

/** 23:30 UTC on 28 March 2026: already the 29th in Madrid. */
const invoice: InvoiceMailData = {
  code: '2026-000042',
  type: 'F1',
  issuedAt: new Date('2026-03-28T23:30:00Z'),
  totalCents: 123456,
  customerName: 'Ana García',
  orderCode: 1234,
};

const rectifying: InvoiceMailData = {
  ...invoice,
  code: 'R2026-000003',
  type: 'R1',
  totalCents: -4500,
  rectifiedCode: '2026-000042',
};

const invoiceKeys = Object.keys(mailCatalogues.es).filter((key) => key.startsWith('invoice.'));

describe('the invoice mail', () => {
  it('sends the invoice with its number, date, order and total, and says the PDF is attached', () => {
    const mail = renderInvoiceMail(invoice, company, 'es');
    expect(mail.subject).toBe('Factura 2026-000042 — Peluquería Luna');
    for (const line of [
      'Su factura',
      'Hola, Ana García:',
      'Le enviamos la factura de su compra.',
      'Número de factura: 2026-000042',
      'Fecha de expedición: 29 de marzo de 2026',
      'Pedido: 1234',
      'Importe total: 1.234,56\u00a0€',
      'Encontrará la factura en PDF adjunta a este correo.',
      'Gracias por su confianza.',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('Factura rectificada');
    expect(mail.html).toContain('<html lang="es"');
    expect(mail.html).toContain('<img src="cid:logo@mostrador" alt="Peluquería Luna"');
    expect(mail.html).toContain('1.234,56\u00a0€');
    expect(mail.html).toContain('Número de factura');
  });

  it('calls a rectifying invoice so, names the invoice it corrects and shows its negative total', () => {
    const mail = renderInvoiceMail(rectifying, company, 'es');
    expect(mail.subject).toBe('Factura rectificativa R2026-000003 — Peluquería Luna');
    for (const line of [
      'Su factura rectificativa',
      'Le enviamos una factura rectificativa que corrige una factura anterior.',
      'Número de factura: R2026-000003',
      'Factura rectificada: 2026-000042',
      'Importe total: -45,00\u00a0€',
    ]) {
      expect(mail.text).toContain(line);
    }
    const english = renderInvoiceMail(rectifying, company, 'en');
    expect(english.subject).toBe('Corrective invoice R2026-000003 — Peluquería Luna');
    expect(english.text).toContain('Corrected invoice: 2026-000042');
    expect(english.text).toContain('Total amount: -45,00\u00a0€');
  });

  it('writes the date on the company clock, greets without a name and leaves out a missing order', () => {
    const canary = renderInvoiceMail(
      { ...invoice, customerName: null, orderCode: null },
      { ...company, timeZone: 'Atlantic/Canary', name: '' },
      'en',
    );
    expect(canary.subject).toBe('Invoice 2026-000042');
    expect(canary.text).toContain('Hello,\n');
    expect(canary.text).toContain('Issue date: 28 March 2026');
    expect(canary.text).not.toContain('Order:');
    expect(renderInvoiceMail(invoice, company, 'de').text).toContain('Rechnungsdatum: 29. März 2026');
    expect(renderInvoiceMail(invoice, company, 'zh').text).toContain('开具日期：2026年3月29日');
  });

  it.each(languages)('is written in %s, every text of its own, nothing left unfilled', (language) => {
    for (const key of invoiceKeys) {
      expect(
        mailCatalogues[language][key as keyof typeof mailCatalogues.es],
        `${language} ${key}`,
      ).toBeTruthy();
    }
    for (const data of [invoice, rectifying]) {
      const mail = renderInvoiceMail(data, company, language);
      const rect = data === rectifying;
      expect(mail.subject).toBe(
        `${t(language, rect ? 'invoice.subjectRectifying' : 'invoice.subject', { code: data.code })} — Peluquería Luna`,
      );
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(
        escapeHtml(t(language, rect ? 'invoice.headingRectifying' : 'invoice.heading')),
      );
      for (const key of ['invoice.number', 'invoice.date', 'invoice.total', 'invoice.attached'] as const) {
        expect(mail.text, `${language} ${key}`).toContain(t(language, key));
      }
      expect(mail.text).toContain(data.code);
      for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\w+\}/);
      expect(mail.text).not.toMatch(/<\/?(td|tr|p|br|div|table)\b/);
    }
  });

  it('the invoice texts differ from Spanish in every other language', () => {
    for (const language of languages.filter((l) => l !== 'es' && l !== 'ca')) {
      const same = invoiceKeys.filter(
        (key) =>
          mailCatalogues[language][key as keyof typeof mailCatalogues.es] ===
          mailCatalogues.es[key as keyof typeof mailCatalogues.es],
      );
      expect(same, language).toEqual([]);
    }
  });

  it('escapes the customer, the code and the company', () => {
    const evil = '<script>alert("x")</script>';
    const mail = renderInvoiceMail(
      { ...rectifying, customerName: evil, code: evil, rectifiedCode: evil },
      { ...company, name: `<b>Luna</b> & "Co"` },
      'es',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Luna');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain(`Hola, ${evil}:`);
  });
});
