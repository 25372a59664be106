import type { Language, RenderedMail } from '@mostrador/contract';
import { dateFormats, oneLine } from './format.js';
import { t } from './i18n.js';
import { renderMail } from './layout.js';
import type { MailCompany } from './types.js';

/** The mail "send a test mail" of the settings sends: proof that the server takes the company's mail. */
export function renderTestMail(company: MailCompany, language: Language, now: Date): RenderedMail {
  const dates = dateFormats(language, company.timeZone);
  const name = oneLine(company.name);
  const intro = t(language, 'test.intro');
  return renderMail(
    {
      subject: name ? t(language, 'test.subject', { company: name }) : t(language, 'test.heading'),
      preheader: intro,
      blocks: [
        { kind: 'heading', text: t(language, 'test.heading') },
        { kind: 'paragraph', text: intro },
        { kind: 'paragraph', text: t(language, 'test.success') },
        {
          kind: 'details',
          rows: [
            { label: t(language, 'test.sentAt'), value: dates.longDateTime(now) },
            { label: t(language, 'test.timeZone'), value: company.timeZone },
          ],
        },
        { kind: 'button', label: t(language, 'test.openApp'), path: '' },
      ],
    },
    company,
    language,
  );
}
