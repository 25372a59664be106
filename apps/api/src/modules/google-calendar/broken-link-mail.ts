import type { GoogleBrokenReason, Language, RenderedMail } from '@mostrador/contract';
import { oneLine } from '../mails/templates/format.js';
import { renderMail } from '../mails/templates/layout.js';
import type { MailCompany } from '../mails/templates/types.js';

interface Texts {
  subject: string;
  heading: string;
  body: string;
  effects: string;
  button: string;
  reasonLabel: string;
  reasons: Record<GoogleBrokenReason, string>;
}

/** The staff's mail when a calendar's Google link breaks, in the company's language. `{calendar}` is its name. */
const texts: Record<Language, Texts> = {
  es: {
    subject: 'La conexión de {calendar} con Google Calendar ha dejado de funcionar',
    heading: 'Google Calendar desconectado',
    body: 'Google ya no acepta la conexión entre el calendario de reservas {calendar} y Google Calendar.',
    effects:
      'Las reservas ya no se envían a Google y sus horas ocupadas ya no bloquean reservas en Mostrador; las reservas siguen funcionando con normalidad. Vuelve a conectarlo en la página del calendario.',
    button: 'Abrir el calendario',
    reasonLabel: 'Motivo',
    reasons: {
      revoked: 'el acceso se ha revocado o ha caducado',
      forbidden: 'Google ha denegado el acceso al calendario',
      calendar_not_found: 'el calendario de Google ya no existe',
    },
  },
  ca: {
    subject: 'La connexió de {calendar} amb Google Calendar ha deixat de funcionar',
    heading: 'Google Calendar desconnectat',
    body: 'Google ja no accepta la connexió entre el calendari de reserves {calendar} i Google Calendar.',
    effects:
      "Les reserves ja no s'envien a Google i les seves hores ocupades ja no bloquegen reserves a Mostrador; les reserves continuen funcionant amb normalitat. Torna a connectar-lo a la pàgina del calendari.",
    button: 'Obre el calendari',
    reasonLabel: 'Motiu',
    reasons: {
      revoked: "l'accés s'ha revocat o ha caducat",
      forbidden: "Google ha denegat l'accés al calendari",
      calendar_not_found: 'el calendari de Google ja no existeix',
    },
  },
  eu: {
    subject: '{calendar} eta Google Calendar-en arteko konexioak funtzionatzeari utzi dio',
    heading: 'Google Calendar deskonektatuta',
    body: 'Google-k jada ez du onartzen {calendar} erreserba-egutegiaren eta Google Calendar-en arteko konexioa.',
    effects:
      'Erreserbak jada ez dira Google-ra bidaltzen eta bertako ordu okupatuek jada ez dituzte erreserbak blokeatzen Mostrador-en; erreserbek ohi bezala funtzionatzen jarraitzen dute. Konektatu berriro egutegiaren orrian.',
    button: 'Ireki egutegia',
    reasonLabel: 'Arrazoia',
    reasons: {
      revoked: 'sarbidea baliogabetu da edo iraungi egin da',
      forbidden: 'Google-k egutegirako sarbidea ukatu du',
      calendar_not_found: 'Google egutegia jada ez da existitzen',
    },
  },
  en: {
    subject: "{calendar}'s link to Google Calendar stopped working",
    heading: 'Google Calendar disconnected',
    body: 'Google no longer accepts the link between the booking calendar {calendar} and Google Calendar.',
    effects:
      "Bookings are no longer sent to Google and its busy times no longer block bookings in Mostrador; bookings carry on as usual. Reconnect it on the calendar's page.",
    button: 'Open the calendar',
    reasonLabel: 'Reason',
    reasons: {
      revoked: 'access was revoked or has expired',
      forbidden: 'Google refused access to the calendar',
      calendar_not_found: 'the Google calendar no longer exists',
    },
  },
  de: {
    subject: 'Die Verbindung von {calendar} mit Google Calendar funktioniert nicht mehr',
    heading: 'Google Calendar getrennt',
    body: 'Google akzeptiert die Verbindung zwischen dem Buchungskalender {calendar} und Google Calendar nicht mehr.',
    effects:
      'Buchungen werden nicht mehr an Google gesendet und die dortigen belegten Zeiten blockieren keine Buchungen in Mostrador mehr; Buchungen funktionieren weiter wie gewohnt. Verbinden Sie ihn auf der Seite des Kalenders erneut.',
    button: 'Kalender öffnen',
    reasonLabel: 'Grund',
    reasons: {
      revoked: 'der Zugriff wurde widerrufen oder ist abgelaufen',
      forbidden: 'Google hat den Zugriff auf den Kalender verweigert',
      calendar_not_found: 'der Google-Kalender existiert nicht mehr',
    },
  },
  fr: {
    subject: 'La liaison de {calendar} avec Google Agenda ne fonctionne plus',
    heading: 'Google Agenda déconnecté',
    body: "Google n'accepte plus la liaison entre le calendrier de réservations {calendar} et Google Agenda.",
    effects:
      'Les réservations ne sont plus envoyées à Google et ses créneaux occupés ne bloquent plus de réservations dans Mostrador ; les réservations continuent normalement. Reconnectez-le sur la page du calendrier.',
    button: 'Ouvrir le calendrier',
    reasonLabel: 'Motif',
    reasons: {
      revoked: "l'accès a été révoqué ou a expiré",
      forbidden: "Google a refusé l'accès à l'agenda",
      calendar_not_found: "l'agenda Google n'existe plus",
    },
  },
  it: {
    subject: 'Il collegamento di {calendar} con Google Calendar non funziona più',
    heading: 'Google Calendar scollegato',
    body: 'Google non accetta più il collegamento tra il calendario delle prenotazioni {calendar} e Google Calendar.',
    effects:
      'Le prenotazioni non vengono più inviate a Google e i suoi orari occupati non bloccano più le prenotazioni in Mostrador; le prenotazioni continuano a funzionare normalmente. Ricollegalo nella pagina del calendario.',
    button: 'Apri il calendario',
    reasonLabel: 'Motivo',
    reasons: {
      revoked: "l'accesso è stato revocato o è scaduto",
      forbidden: "Google ha negato l'accesso al calendario",
      calendar_not_found: 'il calendario Google non esiste più',
    },
  },
  pt: {
    subject: 'A ligação de {calendar} ao Google Calendar deixou de funcionar',
    heading: 'Google Calendar desligado',
    body: 'A Google já não aceita a ligação entre o calendário de reservas {calendar} e o Google Calendar.',
    effects:
      'As reservas já não são enviadas para a Google e os seus horários ocupados já não bloqueiam reservas no Mostrador; as reservas continuam a funcionar normalmente. Volte a ligá-lo na página do calendário.',
    button: 'Abrir o calendário',
    reasonLabel: 'Motivo',
    reasons: {
      revoked: 'o acesso foi revogado ou expirou',
      forbidden: 'a Google recusou o acesso ao calendário',
      calendar_not_found: 'o calendário Google já não existe',
    },
  },
  ru: {
    subject: 'Связь календаря {calendar} с Google Календарём перестала работать',
    heading: 'Google Календарь отключён',
    body: 'Google больше не принимает связь между календарём бронирований {calendar} и Google Календарём.',
    effects:
      'Бронирования больше не отправляются в Google, а занятое там время больше не блокирует бронирования в Mostrador; бронирования работают как обычно. Подключите его заново на странице календаря.',
    button: 'Открыть календарь',
    reasonLabel: 'Причина',
    reasons: {
      revoked: 'доступ отозван или истёк',
      forbidden: 'Google отказал в доступе к календарю',
      calendar_not_found: 'календарь Google больше не существует',
    },
  },
  zh: {
    subject: '{calendar} 与 Google 日历的连接已停止工作',
    heading: 'Google 日历已断开',
    body: 'Google 不再接受预约日历 {calendar} 与 Google 日历之间的连接。',
    effects:
      '预约不再发送到 Google，其忙碌时间也不再阻止 Mostrador 中的预约；预约照常进行。请在日历页面重新连接。',
    button: '打开日历',
    reasonLabel: '原因',
    reasons: {
      revoked: '访问权限已被撤销或已过期',
      forbidden: 'Google 拒绝访问该日历',
      calendar_not_found: '该 Google 日历已不存在',
    },
  },
};

/** The mail that tells staff a calendar's Google link broke and what follows from it. */
export function renderBrokenLinkMail(
  calendar: { id: number; name: string },
  reason: GoogleBrokenReason,
  company: MailCompany,
  language: Language,
): RenderedMail {
  const x = texts[language] ?? texts.en;
  const name = oneLine(calendar.name);
  const fill = (text: string) => text.replace('{calendar}', name);
  return renderMail(
    {
      subject: fill(x.subject),
      preheader: fill(x.body),
      blocks: [
        { kind: 'heading', text: x.heading },
        { kind: 'paragraph', text: fill(x.body) },
        { kind: 'details', rows: [{ label: x.reasonLabel, value: x.reasons[reason] }] },
        { kind: 'paragraph', text: x.effects },
        { kind: 'button', label: x.button, path: `/calendars/edit/${calendar.id}` },
      ],
    },
    company,
    language,
  );
}
