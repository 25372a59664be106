import { formatPhone, type Language, type RenderedMail } from '@mostrador/contract';
import { escapeHtml, oneLine, textToHtml } from './format.js';
import { labelled, t } from './i18n.js';
import type { MailCompany } from './types.js';

/** A label and its value, e.g. "Fecha" and "jueves, 26 de noviembre de 2026". */
export interface DetailRow {
  label: string;
  value: string;
  /** Bold (a total). */
  strong?: boolean;
  /** Struck through (what a change replaced). */
  struck?: boolean;
}

export interface TableColumn {
  label: string;
  align?: 'left' | 'right';
}

/**
 * The pieces a mail's content is made of. Every text is plain text: the layout escapes it for the HTML
 * part and writes it as it is in the plain-text part, so no template writes HTML of its own.
 */
export type MailBlock =
  | { kind: 'heading'; text: string }
  /** A paragraph; its line breaks are kept. */
  | { kind: 'paragraph'; text: string }
  /** Smaller, secondary text. */
  | { kind: 'note'; text: string }
  | { kind: 'details'; rows: DetailRow[]; alignValues?: 'left' | 'right' }
  /** A table; an empty cell shows a dash and is left out of the plain text. */
  | { kind: 'table'; columns: TableColumn[]; rows: string[][] }
  /** A button to a page of the application: `path` is appended to PUBLIC_URL. */
  | { kind: 'button'; label: string; path: string }
  /**
   * A QR code: the image attached inline under `contentId` (`size` pixels a side) with `code` written
   * small beneath it; the plain text gives `label: code`.
   */
  | { kind: 'qr'; contentId: string; size: number; label: string; code: string };

export interface MailContent {
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader?: string;
  blocks: MailBlock[];
}

/** A link into the application: always PUBLIC_URL, never a request's host. */
export function publicLink(company: MailCompany, path: string): string {
  const base = company.publicUrl.replace(/\/+$/, '');
  if (!path) return base;
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) throw new Error(`not a path of the application: ${path}`);
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The greeting line: "Hola, Ana García:" or "Hola:" without a name. */
export function greeting(language: Language, name: string | null | undefined): string {
  const trimmed = oneLine(name ?? '');
  return trimmed ? t(language, 'layout.greeting', { name: trimmed }) : t(language, 'layout.greetingNoName');
}

const font = "font-family:Arial,Helvetica,'PingFang SC','Microsoft YaHei',sans-serif";
const colors = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#6b7280',
  line: '#e5e7eb',
  head: '#f9fafb',
  accent: '#1d4ed8',
};

function renderBlockHtml(block: MailBlock, company: MailCompany): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;${font};font-size:22px;line-height:28px;font-weight:bold;color:${colors.text};">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;${font};font-size:15px;line-height:22px;color:${colors.text};">${textToHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;${font};font-size:13px;line-height:19px;color:${colors.muted};">${textToHtml(block.text)}</p>`;
    case 'details': {
      const align = block.alignValues ?? 'left';
      const rows = block.rows
        .map((row) => {
          const style = [
            row.strong ? 'font-weight:bold;' : '',
            row.struck ? 'text-decoration:line-through;' : '',
          ].join('');
          const cell = `padding:8px 0;border-bottom:1px solid ${colors.line};${font};font-size:15px;line-height:21px;vertical-align:top;`;
          return `<tr><td class="m-label" style="${cell}width:38%;padding-right:12px;color:${colors.muted};${row.strong ? 'font-weight:bold;' : ''}">${escapeHtml(row.label)}</td><td style="${cell}text-align:${align};color:${colors.text};${style}">${textToHtml(row.value)}</td></tr>`;
        })
        .join('\n');
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 20px;">\n${rows}\n</table>`;
    }
    case 'table': {
      const cell = (align: string | undefined) =>
        `padding:8px 6px;border-bottom:1px solid ${colors.line};${font};font-size:14px;line-height:20px;vertical-align:top;text-align:${align ?? 'left'};`;
      const head = block.columns
        .map(
          (column) =>
            `<th scope="col" class="m-small" style="${cell(column.align)}background-color:${colors.head};color:${colors.muted};font-weight:bold;">${escapeHtml(column.label)}</th>`,
        )
        .join('');
      const body = block.rows
        .map(
          (row) =>
            `<tr>${block.columns
              .map((column, index) => {
                const value = row[index] ?? '';
                return `<td class="m-small" style="${cell(column.align)}color:${colors.text};${column.align === 'right' ? 'white-space:nowrap;' : ''}">${value ? textToHtml(value) : '&mdash;'}</td>`;
              })
              .join('')}</tr>`,
        )
        .join('\n');
      return `<table role="table" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 20px;">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
    }
    case 'button': {
      const href = escapeHtml(publicLink(company, block.path));
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;"><tr><td style="border-radius:6px;background-color:${colors.accent};"><a href="${href}" target="_blank" style="display:inline-block;padding:12px 22px;${font};font-size:15px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a></td></tr></table>`;
    }
    case 'qr': {
      const size = Math.round(block.size);
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 16px;"><tr><td align="center" style="padding:4px 0;"><img src="cid:${escapeHtml(block.contentId)}" alt="${escapeHtml(`${block.label}: ${block.code}`)}" width="${size}" height="${size}" style="display:block;margin:0 auto;width:${size}px;height:${size}px;border:0;outline:none;"></td></tr><tr><td align="center" style="padding:4px 0 0;font-family:'Courier New',Courier,monospace;font-size:12px;line-height:16px;color:${colors.muted};word-break:break-all;">${escapeHtml(block.code)}</td></tr></table>`;
    }
  }
}

function renderBlockText(block: MailBlock, company: MailCompany, language: Language): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'note':
      return block.text;
    case 'details':
      return block.rows.map((row) => labelled(language, row.label, indentLines(row.value))).join('\n');
    case 'table':
      return block.rows
        .map((row) => {
          const [first = '', ...rest] = row;
          const parts = rest
            .map((value, index) =>
              value ? labelled(language, block.columns[index + 1]?.label ?? '', value) : '',
            )
            .filter(Boolean);
          return parts.length ? `${first}\n  ${parts.join(' · ')}` : first;
        })
        .join('\n');
    case 'button':
      return labelled(language, block.label, publicLink(company, block.path));
    case 'qr':
      return labelled(language, block.label, block.code);
  }
}

/** A value over several lines in the plain text: its next lines indented under the first. */
function indentLines(value: string): string {
  return value
    .trim()
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .join('\n  ');
}

/** The company's contact lines, as the footer shows them. */
function contactLines(company: MailCompany, language: Language): string[] {
  const lines: string[] = [];
  const name = oneLine(company.name);
  if (name) lines.push(name);
  if (company.address?.trim()) lines.push(oneLine(company.address));
  if (company.phone?.trim())
    lines.push(labelled(language, t(language, 'layout.phone'), oneLine(formatPhone(company.phone))));
  if (company.email?.trim())
    lines.push(labelled(language, t(language, 'layout.email'), oneLine(company.email)));
  if (company.web?.trim()) lines.push(labelled(language, t(language, 'layout.web'), oneLine(company.web)));
  return lines;
}

function headerHtml(company: MailCompany): string {
  const name = oneLine(company.name);
  const parts: string[] = [];
  if (company.logoCid) {
    parts.push(
      `<img src="cid:${escapeHtml(company.logoCid)}" alt="${escapeHtml(name)}" height="56" style="display:block;height:56px;width:auto;max-width:240px;border:0;outline:none;text-decoration:none;">`,
    );
  }
  if (name) {
    parts.push(
      `<div style="${font};font-size:20px;line-height:26px;font-weight:bold;color:${colors.text};${company.logoCid ? 'padding-top:10px;' : ''}">${escapeHtml(name)}</div>`,
    );
  }
  if (!parts.length) return '';
  return `<tr><td class="m-pad" style="padding:24px 32px 20px;border-bottom:1px solid ${colors.line};">${parts.join('\n')}</td></tr>`;
}

function footerHtml(company: MailCompany, language: Language): string {
  const lines = contactLines(company, language);
  if (!lines.length) return '';
  const [first, ...rest] = lines;
  const name = oneLine(company.name);
  const html = [
    name ? `<strong style="color:${colors.text};">${escapeHtml(first!)}</strong>` : escapeHtml(first!),
    ...rest.map(escapeHtml),
  ].join('<br>\n');
  return `<tr><td class="m-pad" style="padding:20px 32px 24px;background-color:${colors.head};border-top:1px solid ${colors.line};border-radius:0 0 8px 8px;${font};font-size:12px;line-height:19px;color:${colors.muted};">${html}</td></tr>`;
}

/**
 * A complete mail in the company's frame: the HTML part (a 600 px table layout with inline styles, the
 * logo and name on top, the contact details at the bottom) and a plain-text part that says the same.
 */
export function renderMail(content: MailContent, company: MailCompany, language: Language): RenderedMail {
  const subject = oneLine(content.subject);
  const preheader = oneLine(content.preheader ?? '');
  const body = content.blocks.map((block) => renderBlockHtml(block, company)).join('\n');
  const html = `<!DOCTYPE html>
<html lang="${language}" dir="ltr" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
<style>
body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; -ms-text-size-adjust: 100%; }
table { border-collapse: collapse; }
img { border: 0; line-height: 100%; outline: none; text-decoration: none; }
@media only screen and (max-width: 620px) {
  .m-outer { padding: 0 !important; }
  .m-card { border-radius: 0 !important; }
  .m-pad { padding-left: 16px !important; padding-right: 16px !important; }
  .m-small { font-size: 13px !important; padding-left: 3px !important; padding-right: 3px !important; }
  .m-label { width: 42% !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
${preheader ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}</div>\n` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background-color:${colors.page};">
<tr><td class="m-outer" align="center" style="padding:24px 8px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table class="m-card" role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:${colors.card};border-radius:8px;">
${headerHtml(company)}
<tr><td class="m-pad" style="padding:28px 32px 12px;">
${body}
</td></tr>
${footerHtml(company, language)}
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
  const name = oneLine(company.name);
  const text = [
    ...(name ? [name, '='.repeat(Math.min(name.length, 60)), ''] : []),
    content.blocks.map((block) => renderBlockText(block, company, language)).join('\n\n'),
    '',
    ...(contactLines(company, language).length ? ['-- ', ...contactLines(company, language)] : []),
  ].join('\n');
  return { subject, html, text: `${text.trimEnd()}\n` };
}
