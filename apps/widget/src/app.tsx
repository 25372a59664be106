import { useEffect, useMemo, useState } from 'preact/hooks';
import { createApi, type PublicCompany } from './api';
import { BookingFlow } from './booking-flow';
import { I18nContext, languageNames, loadCatalogue, type T, translator, type WidgetLanguage } from './i18n';
import { ManageView } from './manage/manage-view';

/**
 * The widget's shell: the company's header (logo or name, language picker) around one view: the booking
 * flow, or with a customer's link to manage a booking (`?manage=<bookingCode>`) the manage view, with
 * the same shell, texts and API client.
 */
export function App(props: {
  licenseCode: string;
  company: PublicCompany;
  initialLanguage: WidgetLanguage;
  manage: string | null;
}) {
  const { company } = props;
  const [language, setLanguage] = useState<WidgetLanguage>(props.initialLanguage);
  const [t, setT] = useState<{ t: T } | null>(null);
  const [failed, setFailed] = useState(false);
  const api = useMemo(() => createApi(props.licenseCode), [props.licenseCode]);

  useEffect(() => {
    let live = true;
    setFailed(false);
    loadCatalogue(language).then(
      (catalogue) => {
        if (!live) return;
        const next = translator(language, catalogue);
        setT({ t: next });
        document.documentElement.lang = language;
        document.title = `${next('app.title')} · ${company.name}`;
        if (window.parent !== window)
          window.parent.postMessage({ mostradorWidget: 'title', title: document.title }, '*');
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language, company.name]);

  if (!t)
    return failed ? (
      <div class="card boot" role="alert">
        <p>The booking service could not be loaded.</p>
        <button type="button" class="button" onClick={() => location.reload()}>
          ⟳
        </button>
      </div>
    ) : (
      <div class="boot" aria-busy="true">
        <span class="spinner" />
      </div>
    );

  const view = props.manage ? (
    <ManageView api={api} company={company} code={props.manage} key={props.manage} />
  ) : (
    <BookingFlow api={api} company={company} key={props.licenseCode} />
  );
  return (
    <I18nContext.Provider value={{ language, t: t.t }}>
      <div class="widget">
        <header class="brand">
          {company.logoUrl ? (
            <img class="logo" src={company.logoUrl} alt={company.name} />
          ) : (
            <span class="company">{company.name}</span>
          )}
          {company.languages.length > 1 && (
            <label class="language">
              <span class="sr-only">{t.t('app.language')}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                <circle cx="12" cy="12" r="9" />
                <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
              </svg>
              <select value={language} onChange={(e) => setLanguage(e.currentTarget.value as WidgetLanguage)}>
                {company.languages.map((l) => (
                  <option value={l} key={l} lang={l}>
                    {languageNames[l]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </header>
        <main class="card">{view}</main>
      </div>
    </I18nContext.Provider>
  );
}
