import { catalogueLanguages, type Language, languages, notificationPlaceholders } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import {
  type BookingMailData,
  birthdayPlaceholderValues,
  bookingIcs,
  bookingPlaceholderValues,
  dateFormats,
  escapeHtml,
  foldIcsLine,
  type MailCompany,
  mailCatalogues,
  type PaymentLinkMailData,
  publicLink,
  type ReceiptData,
  renderBookingMail,
  renderMail,
  renderNotificationMail,
  renderOrderReceipt,
  renderPaymentLinkMail,
  renderTestMail,
  samplePlaceholderValues,
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

/** Sunday 25 October 2026, 10:00–11:00 in Madrid: the first day of winter time (UTC+1). */
const booking: BookingMailData = {
  bookingId: 42,
  customerName: 'Ana García',
  startsAt: new Date('2026-10-25T09:00:00Z'),
  endsAt: new Date('2026-10-25T10:00:00Z'),
  previousStartsAt: new Date('2026-10-24T08:00:00Z'),
  productName: 'Corte de pelo',
  calendarName: 'Sala 1',
  quantity: 2,
  priceCents: 3050,
  notes: 'Traer la foto',
};

const receipt: ReceiptData = {
  code: 'P-2026-0042',
  createdAt: new Date('2026-11-26T09:00:00Z'),
  paymentDate: new Date('2026-11-26T09:05:00Z'),
  paymentMethod: 'card',
  customerName: 'Ana García',
  lines: [
    { name: 'Corte de pelo', quantity: 1, unitPriceCents: 2000, discountCents: 0, totalCents: 2000 },
    { name: 'Champú 500 ml', quantity: 2, unitPriceCents: 1250, discountCents: 250, totalCents: 2250 },
  ],
  taxes: [{ name: 'IVA 21 %', baseCents: 3512, taxCents: 738 }],
  taxBaseCents: 3512,
  totalCents: 4250,
};

const paymentLink: PaymentLinkMailData = {
  orderCode: 42,
  totalCents: 4250,
  customerName: 'Ana García',
  path: '/pay/tok_abc123',
  lines: [
    { name: 'Corte de pelo', quantity: 1, totalCents: 2000 },
    { name: 'Champú 500 ml', quantity: 2, totalCents: 2250 },
  ],
};

const now = new Date('2026-11-26T08:30:00Z');
const reminder = {
  subject: 'Recordatorio: {{productName}}',
  body: 'Hola {{customerName}}:\nle esperamos el {{bookingDate}} a las {{bookingTime}}.\n\n{{companyName}}, {{companyAddress}} ({{calendarName}})',
};
const birthday = { subject: '¡Feliz cumpleaños, {{customerName}}!', body: 'De parte de {{companyName}}.' };

/** Every mail of every kind in `language`. */
function allMails(language: Language) {
  return {
    booking_created: renderBookingMail('booking_created', booking, company, language),
    booking_moved: renderBookingMail('booking_moved', booking, company, language),
    booking_cancelled: renderBookingMail('booking_cancelled', booking, company, language),
    booking_reminder: renderNotificationMail(
      'booking',
      reminder,
      bookingPlaceholderValues(booking, company, language),
      company,
      language,
    ),
    birthday: renderNotificationMail(
      'birthday',
      birthday,
      birthdayPlaceholderValues('Ana García', company),
      company,
      language,
    ),
    order_receipt: renderOrderReceipt(receipt, company, language),
    payment_link: renderPaymentLinkMail(paymentLink, company, language),
    test: renderTestMail(company, language, now),
  };
}

const esKeys = Object.keys(mailCatalogues.es).sort();

function varsOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

describe('catalogues', () => {
  it.each(catalogueLanguages)('%s has exactly the Spanish keys', (language) => {
    expect(Object.keys(mailCatalogues[language]).sort()).toEqual(esKeys);
  });

  it('zz holds every key with an empty text', () => {
    expect(Object.values(mailCatalogues.zz).every((text) => text === '')).toBe(true);
  });

  it.each(languages)('%s translates every key, with the same {variables} as Spanish', (language) => {
    for (const key of esKeys as (keyof typeof mailCatalogues.es)[]) {
      const text = mailCatalogues[language][key];
      expect(text, `${language} ${key}`).toBeTruthy();
      expect(varsOf(text!), `${language} ${key}`).toEqual(varsOf(mailCatalogues.es[key]!));
    }
  });

  it('Spanish and English differ for every key', () => {
    const same = esKeys.filter(
      (key) =>
        mailCatalogues.es[key as keyof typeof mailCatalogues.es] ===
        mailCatalogues.en[key as keyof typeof mailCatalogues.en],
    );
    expect(same).toEqual([]);
  });

  it.each(languages.filter((language) => language !== 'en'))(
    '%s is no copy of the English texts',
    (language) => {
      const same = esKeys.filter(
        (key) =>
          mailCatalogues[language][key as keyof typeof mailCatalogues.es] ===
          mailCatalogues.en[key as keyof typeof mailCatalogues.en],
      );
      // A few words are spelt alike ("Website" in German, "Date" in French), nothing more.
      expect(same.length, same.join(', ')).toBeLessThanOrEqual(3);
    },
  );

  it('t fills variables, keeps unknown ones and falls back to Spanish', () => {
    expect(t('en', 'receipt.subject', { code: 'P-7' })).toBe('Receipt for your order P-7');
    expect(t('de', 'receipt.subject')).toBe('Beleg zu Ihrer Bestellung {code}');
    expect(t('zz', 'booking.date')).toBe('Fecha');
  });
});

describe('every language renders every mail', () => {
  it.each(languages)('%s', (language) => {
    for (const [kind, mail] of Object.entries(allMails(language))) {
      const where = `${language} ${kind}`;
      expect(mail.subject, where).not.toBe('');
      expect(mail.subject, where).not.toMatch(/[\r\n]/);
      expect(mail.html, where).toMatch(/^<!DOCTYPE html>\n<html lang="[a-z]{2}"/);
      expect(mail.html, where).toContain(`<html lang="${language}"`);
      expect(mail.html, where).toContain('max-width:600px');
      expect(mail.html, where).toContain('</html>');
      // No catalogue variable nor company placeholder left unfilled.
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part, where).not.toMatch(/\{\w+\}/);
        expect(part, where).not.toMatch(/\{\{/);
      }
      // The plain-text part is text, not markup.
      expect(mail.text, where).not.toMatch(/<\/?(td|tr|p|br|div|table)\b/);
      expect(mail.text, where).toContain('Peluquería Luna');
      expect(mail.html, where).toContain('Peluquería Luna');
      expect(mail.html, where).toContain('C/ Mayor 3, 28001 Madrid');
    }
    const mails = allMails(language);
    expect(mails.booking_created.html).toContain(escapeHtml(t(language, 'booking.created.heading')));
    expect(mails.booking_moved.text).toContain(t(language, 'booking.moved.heading'));
    expect(mails.booking_cancelled.text).toContain(t(language, 'booking.cancelled.intro'));
    expect(mails.order_receipt.text).toContain(t(language, 'receipt.thanks'));
    expect(mails.payment_link.text).toContain(t(language, 'paymentLink.security'));
    expect(mails.test.text).toContain(t(language, 'test.success'));
  });
});

describe('layout', () => {
  it('shows the logo from its cid and the name in the header, the contact details in the footer', () => {
    const mail = renderTestMail(company, 'es', now);
    expect(mail.html).toContain('<img src="cid:logo@mostrador" alt="Peluquería Luna"');
    for (const text of ['Teléfono: +34 600 000 000', 'Correo electrónico: hola@luna.example']) {
      expect(mail.html).toContain(text);
      expect(mail.text).toContain(text);
    }
    expect(mail.text).toContain('Sitio web: https://luna.example');
  });

  it('shows a phone stored as the rule keeps it (+34600000000) grouped, as the app does', () => {
    const mail = renderTestMail({ ...company, phone: '+34600000000' }, 'es', now);
    expect(mail.text).toContain('Teléfono: +34 600 000 000');
    expect(mail.html).toContain('Teléfono: +34 600 000 000');
  });

  it('leaves out the logo, the name and empty contact lines when the company has none', () => {
    const bare = { ...company, name: '', logoCid: null, phone: null, email: null, web: '' };
    const mail = renderTestMail(bare, 'en', now);
    expect(mail.html).not.toContain('<img');
    expect(mail.subject).toBe('Test email');
    expect(mail.text).not.toContain('Phone');
    expect(mail.text).not.toContain('Email:');
    expect(mail.text).not.toMatch(/^=+$/m);
    expect(mail.text).toContain('C/ Mayor 3, 28001 Madrid');
  });

  it('builds every link from PUBLIC_URL', () => {
    const shop = { ...company, publicUrl: 'https://shop.example:8443/base' };
    for (const language of languages) {
      const mails = { ...allMails(language), test: renderTestMail(shop, language, now) };
      for (const mail of Object.values(mails)) {
        for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) {
          expect(href).toMatch(/^https:\/\/(app\.mostrador\.example|shop\.example:8443\/base)(\/|$)/);
        }
      }
      expect(mails.test.html).toContain('href="https://shop.example:8443/base"');
      expect(mails.test.text).toContain('https://shop.example:8443/base');
    }
    expect(publicLink(company, '/pay/abc')).toBe('https://app.mostrador.example/pay/abc');
    expect(publicLink({ ...company, publicUrl: 'https://a.example/' }, 'pay')).toBe('https://a.example/pay');
    expect(() => publicLink(company, 'https://evil.example/')).toThrow();
    expect(() => publicLink(company, '//evil.example/')).toThrow();
  });

  it('renders tables with a dash for empty cells and their plain text as labelled lines', () => {
    const mail = renderMail(
      {
        subject: 'S\nubject',
        blocks: [
          {
            kind: 'table',
            columns: [{ label: 'Name' }, { label: 'A', align: 'right' }, { label: 'B', align: 'right' }],
            rows: [['One', '', '2']],
          },
        ],
      },
      company,
      'en',
    );
    expect(mail.subject).toBe('S ubject');
    expect(mail.html).toContain('&mdash;');
    expect(mail.text).toContain('One\n  B: 2');
  });
});

describe('escaping', () => {
  const evil = '<script>alert("x")</script>';
  const evilCompany = { ...company, name: `<b>Luna</b> & "Co"`, address: evil, logoCid: 'x"><script>' };

  it('never lets a customer, company, product or note write markup', () => {
    const data = {
      ...booking,
      customerName: evil,
      productName: evil,
      calendarName: evil,
      notes: `${evil}\nline`,
    };
    const mails = [
      ...(['booking_created', 'booking_moved', 'booking_cancelled'] as const).map((kind) =>
        renderBookingMail(kind, data, evilCompany, 'es'),
      ),
      renderOrderReceipt(
        {
          ...receipt,
          code: evil,
          customerName: evil,
          paymentMethod: evil,
          lines: [{ ...receipt.lines[0]!, name: evil }],
          taxes: [{ ...receipt.taxes[0]!, name: evil }],
        },
        evilCompany,
        'es',
      ),
      renderTestMail(evilCompany, 'es', now),
      renderPaymentLinkMail(
        { ...paymentLink, customerName: evil, lines: [{ name: evil, quantity: 1, totalCents: 100 }] },
        evilCompany,
        'es',
      ),
      renderNotificationMail(
        'booking',
        { subject: evil, body: `${evil}\n{{customerName}}` },
        bookingPlaceholderValues(data, evilCompany, 'es'),
        evilCompany,
        'es',
      ),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>Luna');
      expect(mail.html).not.toContain('x">');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail.html).toContain('&lt;b&gt;Luna&lt;/b&gt; &amp; &quot;Co&quot;');
    }
    // The plain-text part says it as written.
    expect(mails[0]!.text).toContain(`Hola, ${evil}:`);
  });

  it('escapes the company’s notification body and keeps its line breaks', () => {
    const mail = renderNotificationMail(
      'birthday',
      { subject: 'Hola\r\n{{customerName}}', body: 'Línea 1 & <i>2</i>\r\nLínea 3\n\nLínea 5' },
      birthdayPlaceholderValues('Ana <García>', company),
      company,
      'es',
    );
    expect(mail.subject).toBe('Hola Ana <García>');
    expect(mail.html).toContain('Línea 1 &amp; &lt;i&gt;2&lt;/i&gt;<br>\nLínea 3<br>\n<br>\nLínea 5');
    expect(mail.text).toContain('Línea 1 & <i>2</i>\nLínea 3\n\nLínea 5');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('dates and money', () => {
  it('shows a booking on the first day of winter time at 10:00 Madrid time', () => {
    const mail = renderBookingMail('booking_created', booking, company, 'es');
    expect(mail.text).toContain('Fecha: domingo, 25 de octubre de 2026');
    expect(mail.text).toContain('Hora: 10:00–11:00');
    expect(mail.html).toContain('10:00–11:00');
    expect(mail.subject).toBe('Reserva confirmada: Corte de pelo, 25 oct 2026, 10:00');
    expect(mail.text).not.toContain('09:00');
    // The same instant on another company's clock.
    const canarias = renderBookingMail(
      'booking_created',
      booking,
      { ...company, timeZone: 'Atlantic/Canary' },
      'es',
    );
    expect(canarias.text).toContain('Hora: 09:00–10:00');
  });

  it('formats the long date with its weekday and a 24-hour time in each language', () => {
    const dates = dateFormats('es', 'Europe/Madrid');
    expect(dates.longDateTime(new Date('2026-11-26T09:00:00Z'))).toBe(
      'jueves, 26 de noviembre de 2026, 10:00',
    );
    expect(dateFormats('en', 'Europe/Madrid').time(new Date('2026-11-26T17:30:00Z'))).toBe('18:30');
    expect(dateFormats('de', 'Europe/Madrid').longDate(booking.startsAt)).toBe('Sonntag, 25. Oktober 2026');
    expect(dateFormats('zh', 'Europe/Madrid').longDate(booking.startsAt)).toBe('2026年10月25日星期日');
  });

  it('spells out both ends of a booking over several days', () => {
    const long = { ...booking, endsAt: new Date('2026-10-26T10:00:00Z') };
    const mail = renderBookingMail('booking_created', long, company, 'es');
    expect(mail.text).toContain(
      'Fecha: domingo, 25 de octubre de 2026, 10:00 – lunes, 26 de octubre de 2026, 11:00',
    );
    expect(mail.text).not.toContain('Hora:');
  });

  it('shows euros in Spanish formatting in every language', () => {
    const mail = renderBookingMail('booking_created', { ...booking, priceCents: 123456 }, company, 'en');
    expect(mail.text).toContain('Price: 1.234,56\u00a0€');
  });
});

describe('booking mails', () => {
  it('confirm a booking with its product, calendar, date, quantity, price, notes and number', () => {
    const mail = renderBookingMail('booking_created', booking, company, 'en');
    expect(mail.subject).toBe('Booking confirmed: Corte de pelo, 25 Oct 2026, 10:00');
    const expected = [
      'Hello Ana García,',
      'Your booking is confirmed. Here are the details:',
      'Service: Corte de pelo',
      'Calendar: Sala 1',
      'Date: Sunday, 25 October 2026',
      'Time: 10:00–11:00',
      'Quantity: 2',
      'Price: 30,50\u00a0€',
      'Notes: Traer la foto',
      'Booking number: 42',
      'The booking is attached as a calendar file (.ics)',
    ];
    for (const line of expected) expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('Previous date');
  });

  it('show where a moved booking was', () => {
    const mail = renderBookingMail('booking_moved', booking, company, 'es');
    expect(mail.subject).toMatch(/^Reserva modificada: /);
    expect(mail.text).toContain('Fecha anterior: sábado, 24 de octubre de 2026, 10:00');
    expect(mail.html).toContain('text-decoration:line-through;">sábado, 24 de octubre de 2026, 10:00');
  });

  it('say a cancelled booking was cancelled, and that the .ics removes it', () => {
    const mail = renderBookingMail('booking_cancelled', booking, company, 'es');
    expect(mail.subject).toBe('Reserva cancelada: Corte de pelo, 25 oct 2026, 10:00');
    expect(mail.text).toContain('Su reserva ha sido cancelada.');
    expect(mail.text).toContain('la retira de su agenda');
  });

  it('leave out empty notes and, when asked, the calendar file note', () => {
    const mail = renderBookingMail('booking_created', { ...booking, notes: '  ' }, company, 'es', {
      calendarAttachment: false,
    });
    expect(mail.text).not.toContain('Observaciones');
    expect(mail.text).not.toContain('.ics');
  });

  it('keep multi-line notes readable in both parts', () => {
    const mail = renderBookingMail('booking_created', { ...booking, notes: 'Uno\nDos' }, company, 'es');
    expect(mail.html).toContain('Uno<br>\nDos');
    expect(mail.text).toContain('Observaciones: Uno\n  Dos');
  });
});

describe('notification placeholders', () => {
  it('fills every booking placeholder, dates in the language and the company zone', () => {
    const values = bookingPlaceholderValues(booking, company, 'es');
    expect(values).toEqual({
      customerName: 'Ana García',
      bookingDate: 'domingo, 25 de octubre de 2026',
      bookingTime: '10:00',
      productName: 'Corte de pelo',
      calendarName: 'Sala 1',
      companyName: 'Peluquería Luna',
      companyAddress: 'C/ Mayor 3, 28001 Madrid',
    });
    expect(Object.keys(values).sort()).toEqual([...notificationPlaceholders.booking].sort());
    const mail = renderNotificationMail('booking', reminder, values, company, 'es');
    expect(mail.subject).toBe('Recordatorio: Corte de pelo');
    expect(mail.text).toContain(
      'Hola Ana García:\nle esperamos el domingo, 25 de octubre de 2026 a las 10:00.\n\nPeluquería Luna, C/ Mayor 3, 28001 Madrid (Sala 1)',
    );
  });

  it('fills in a birthday greeting only the placeholders a birthday has', () => {
    const values = { ...birthdayPlaceholderValues('Ana García', company), bookingDate: 'never' };
    const mail = renderNotificationMail(
      'birthday',
      { subject: '{{customerName}}', body: '{{companyName}} {{bookingDate}} {{unknown}}' },
      values,
      company,
      'es',
    );
    expect(mail.subject).toBe('Ana García');
    expect(mail.text).toContain('Peluquería Luna {{bookingDate}} {{unknown}}');
  });

  it('gives sample values for tomorrow at 10:00 on the company clock, in the language', () => {
    // Saturday noon before the autumn change: tomorrow 10:00 is 09:00Z.
    const saturday = new Date('2026-10-24T12:00:00Z');
    const es = samplePlaceholderValues('booking', company, 'es', saturday);
    expect(es).toMatchObject({
      customerName: 'Ana García',
      bookingDate: 'domingo, 25 de octubre de 2026',
      bookingTime: '10:00',
      productName: 'Visita guiada',
      calendarName: 'Sala principal',
      companyName: 'Peluquería Luna',
    });
    const en = samplePlaceholderValues('booking', company, 'en', saturday);
    expect(en).toMatchObject({ bookingDate: 'Sunday, 25 October 2026', productName: 'Guided tour' });
    // 16:00Z is already the 27th in Tokyo: "tomorrow" is counted on the company clock.
    const lateTokyo = samplePlaceholderValues(
      'booking',
      { ...company, timeZone: 'Asia/Tokyo' },
      'es',
      new Date('2026-11-26T16:00:00Z'),
    );
    expect(lateTokyo.bookingDate).toBe('sábado, 28 de noviembre de 2026');
    expect(samplePlaceholderValues('birthday', company, 'es', saturday)).toEqual({
      customerName: 'Ana García',
      companyName: 'Peluquería Luna',
      companyAddress: 'C/ Mayor 3, 28001 Madrid',
    });
  });
});

describe('notifications without the company’s own text', () => {
  it('send ours, in the customer’s language, with the placeholders filled', () => {
    const values = birthdayPlaceholderValues('Laura Smith', company);
    const en = renderNotificationMail('birthday', { subject: '', body: '  ' }, values, company, 'en');
    expect(en.subject).toBe('Happy birthday, Laura Smith!');
    expect(en.text).toContain(`Everyone at ${company.name} wishes you a very happy birthday.`);
    const es = renderNotificationMail('birthday', { subject: '', body: '' }, values, company, 'es');
    expect(es.subject).toBe('¡Feliz cumpleaños, Laura Smith!');
    // A text of its own wins.
    const own = renderNotificationMail(
      'birthday',
      { subject: 'Hola', body: 'Texto propio' },
      values,
      company,
      'en',
    );
    expect(own.subject).toBe('Hola');
    expect(own.text).toContain('Texto propio');
    expect(own.text).not.toContain('Everyone at');
  });
});

describe('order receipt', () => {
  it('lists the order, its lines, taxes, total and payment method', () => {
    const mail = renderOrderReceipt(receipt, company, 'es');
    expect(mail.subject).toBe('Recibo de su pedido P-2026-0042');
    const expected = [
      'Hola, Ana García:',
      'Pedido: P-2026-0042',
      'Fecha: 26 nov 2026, 10:00',
      'Fecha de pago: 26 nov 2026, 10:05',
      'Forma de pago: Tarjeta',
      'Corte de pelo\n  Cant.: 1 · Precio unitario: 20,00\u00a0€ · Importe: 20,00\u00a0€',
      'Champú 500 ml\n  Cant.: 2 · Precio unitario: 12,50\u00a0€ · Descuento: 2,50\u00a0€ · Importe: 22,50\u00a0€',
      'IVA 21 %\n  Base imponible: 35,12\u00a0€ · Cuota: 7,38\u00a0€',
      'Base imponible: 35,12\u00a0€\nImpuestos: 7,38\u00a0€\nImporte total: 42,50\u00a0€',
      'Gracias por su confianza.',
    ];
    for (const line of expected) expect(mail.text).toContain(line);
    for (const header of ['Concepto', 'Cant.', 'Precio unitario', 'Descuento', 'Importe']) {
      expect(mail.html).toContain(`>${header}</th>`);
    }
    expect(mail.html).toContain('42,50\u00a0€');
  });

  it('translates each payment method and greets without a name', () => {
    const methods = { cash: 'Cash', card: 'Card', online: 'Online payment', transfer: 'Bank transfer' };
    for (const [method, label] of Object.entries(methods)) {
      const mail = renderOrderReceipt(
        { ...receipt, paymentMethod: method, customerName: null },
        company,
        'en',
      );
      expect(mail.text).toContain(`Payment method: ${label}`);
      expect(mail.text).toContain('Hello,\n');
    }
    const external = renderOrderReceipt({ ...receipt, paymentMethod: 'external_billing' }, company, 'de');
    expect(external.text).toContain('Zahlungsart: Externe Abrechnung');
    const unpaid = renderOrderReceipt({ ...receipt, paymentMethod: null, paymentDate: null }, company, 'en');
    expect(unpaid.text).not.toContain('Payment');
  });
});

describe('bookingIcs', () => {
  /** Checks the wire format and returns the unfolded content lines. */
  function parse(ics: string): string[] {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = ics.slice(0, -2).split('\r\n');
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const lines: string[] = [];
    for (const line of physical) {
      if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
      else lines.push(line);
    }
    return lines;
  }

  function property(lines: string[], name: string): string | undefined {
    const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
    return line?.slice(line.indexOf(':') + 1);
  }

  it('describes a booking as a REQUEST in UTC with a stable UID', () => {
    const lines = parse(bookingIcs(booking, company, 'REQUEST', 0, now));
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VEVENT');
    expect(property(lines, 'METHOD')).toBe('REQUEST');
    expect(property(lines, 'UID')).toBe('booking-42@app.mostrador.example');
    expect(property(lines, 'SEQUENCE')).toBe('0');
    expect(property(lines, 'DTSTAMP')).toBe('20261126T083000Z');
    expect(property(lines, 'DTSTART')).toBe('20261025T090000Z');
    expect(property(lines, 'DTEND')).toBe('20261025T100000Z');
    expect(property(lines, 'SUMMARY')).toBe('Corte de pelo');
    expect(property(lines, 'LOCATION')).toBe('Peluquería Luna\\, C/ Mayor 3\\, 28001 Madrid');
    expect(lines).toContain('ORGANIZER;CN="Peluquería Luna":mailto:hola@luna.example');
    expect(property(lines, 'STATUS')).toBe('CONFIRMED');
  });

  it('keeps the UID when the booking is moved or cancelled, with a growing sequence', () => {
    const moved = parse(
      bookingIcs({ ...booking, startsAt: new Date('2026-10-26T09:00:00Z') }, company, 'REQUEST', 1, now),
    );
    const cancelled = parse(bookingIcs(booking, company, 'CANCEL', 2, new Date()));
    expect(property(moved, 'UID')).toBe('booking-42@app.mostrador.example');
    expect(property(moved, 'SEQUENCE')).toBe('1');
    expect(property(moved, 'DTSTART')).toBe('20261026T090000Z');
    expect(property(cancelled, 'UID')).toBe('booking-42@app.mostrador.example');
    expect(property(cancelled, 'METHOD')).toBe('CANCEL');
    expect(property(cancelled, 'SEQUENCE')).toBe('2');
    expect(property(cancelled, 'STATUS')).toBe('CANCELLED');
  });

  it('escapes text, folds long lines at 75 octets without splitting characters, and names no organizer without email', () => {
    const name = `Masaje relajante; con piedras, aceites\\esencias y “extras” — 按摩 ${'ñ'.repeat(60)}`;
    const ics = bookingIcs(
      { ...booking, productName: name, notes: 'Línea 1\nLínea 2' },
      { ...company, email: null, publicUrl: 'http://localhost:3000' },
      'REQUEST',
      3,
      now,
    );
    const lines = parse(ics);
    expect(ics).toContain('\r\n ');
    const escaped = name.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,');
    expect(property(lines, 'SUMMARY')).toBe(escaped);
    expect(property(lines, 'DESCRIPTION')).toBe('Sala 1\\nLínea 1\\nLínea 2');
    expect(property(lines, 'UID')).toBe('booking-42@localhost');
    expect(property(lines, 'ORGANIZER')).toBeUndefined();
    // Every physical line is valid UTF-8 on its own: no character was cut in two.
    for (const line of ics.split('\r\n')) {
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(line))).toBe(line);
    }
  });

  it('folds exactly at the 75-octet limit', () => {
    const line = `SUMMARY:${'a'.repeat(200)}`;
    const folded = foldIcsLine(line).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1, -1).every((part) => part.length === 75 && part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });
});
