import { isLanguage, type Language } from '@mostrador/contract';
import { renderNotFoundPage } from '../payments/payment-pages.js';

/** The page of a booking link (`/b/<code>`) whose code is not valid, in the ten languages. */
const texts: Record<Language, { title: string; text: string }> = {
  en: {
    title: 'This booking link is not valid',
    text: 'Check that you opened the complete link from the email. If the booking was deleted, contact the business.',
  },
  es: {
    title: 'Este enlace de reserva no es válido',
    text: 'Comprueba que has abierto el enlace completo del correo. Si la reserva se ha eliminado, contacta con el negocio.',
  },
  ca: {
    title: 'Aquest enllaç de reserva no és vàlid',
    text: "Comprova que has obert l'enllaç complet del correu. Si la reserva s'ha eliminat, contacta amb el negoci.",
  },
  eu: {
    title: 'Erreserba-esteka hau ez da baliozkoa',
    text: 'Egiaztatu mezuko esteka osoa ireki duzula. Erreserba ezabatu bada, jarri harremanetan negozioarekin.',
  },
  de: {
    title: 'Dieser Buchungslink ist nicht gültig',
    text: 'Prüfen Sie, ob Sie den vollständigen Link aus der E-Mail geöffnet haben. Wurde die Buchung gelöscht, wenden Sie sich an das Unternehmen.',
  },
  fr: {
    title: "Ce lien de réservation n'est pas valide",
    text: "Vérifiez que vous avez ouvert le lien complet de l'e-mail. Si la réservation a été supprimée, contactez l'établissement.",
  },
  it: {
    title: 'Questo link di prenotazione non è valido',
    text: "Controlla di aver aperto il link completo dell'email. Se la prenotazione è stata eliminata, contatta l'attività.",
  },
  pt: {
    title: 'Esta ligação de reserva não é válida',
    text: 'Verifique se abriu a ligação completa do e-mail. Se a reserva foi eliminada, contacte o estabelecimento.',
  },
  ru: {
    title: 'Эта ссылка на бронирование недействительна',
    text: 'Проверьте, что вы открыли ссылку из письма полностью. Если бронирование удалено, свяжитесь с компанией.',
  },
  zh: {
    title: '此预约链接无效',
    text: '请确认您打开的是邮件中的完整链接。如果预约已被删除，请联系商家。',
  },
};

/** The first of the browser's languages (Accept-Language, by weight) that is one of the ten, else English. */
export function browserLanguage(acceptLanguage: string | undefined): Language {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const w of wanted) if (isLanguage(w.language)) return w.language as Language;
  return 'en';
}

/** The not-valid page of a booking link, in `language`, styled as the payment pages. */
export function renderBookingLinkNotFound(language: Language): string {
  return renderNotFoundPage({ language, companyName: '' }, texts[language]);
}
