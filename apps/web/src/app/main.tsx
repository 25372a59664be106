// First: zod's configuration before any module that loads zod.
import './zod-config';
import 'antd/dist/reset.css';
import './tabs.css';
import './touch-targets.css';
import type { ReactNode } from 'react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isApiError } from '../api/errors';
import { getToken } from '../api/token';
import { startSession } from '../features/auth/api';
import { loadSession } from '../features/session/api';
import { loadLanguage, preloadLanguage, resolveLanguage } from '../i18n/i18n';
import { readCookie } from '../lib/cookies';
import { createQueryClient, fetchAppConfig, tokenFromLoginUrl } from './boot';
import { BootErrorPage } from './pages/boot-error-page';
import { Providers } from './providers';
import { createAppRouter, loadRouteTable, preloadScreen } from './router';

async function boot(container: HTMLElement): Promise<void> {
  // Asked for at once rather than one after another: the language the visitor most likely reads (a branded
  // host may choose another, known with the app config) and the code of the screen he opens.
  const appConfigRead = fetchAppConfig();
  const urlToken = tokenFromLoginUrl(window.location.pathname);
  // Signed out, only the signed-out screens' texts (build/catalogue-parts.ts); signing in reloads the page.
  const signedIn = !!(urlToken || getToken());
  const likelyLanguage = resolveLanguage({
    cookie: readCookie('lang'),
    navigatorLanguage: navigator.language,
  });
  preloadLanguage(likelyLanguage, { signedIn });
  if (!urlToken) preloadScreen(window.location.pathname, signedIn, likelyLanguage);
  const appConfig = await appConfigRead;
  document.title = appConfig.appName;
  const language = resolveLanguage({
    brandLanguage: appConfig.brand?.language,
    cookie: readCookie('lang'),
    navigatorLanguage: navigator.language,
  });
  const antdLocale = await loadLanguage(language, { signedIn });
  const queryClient = createQueryClient();
  const root = createRoot(container);
  // A transition: React renders the first screen in slices, yielding to the browser between them, rather
  // than in one long task (Lighthouse's total blocking time); what it shows is the same.
  const render = (node: ReactNode) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers queryClient={queryClient} context={{ appConfig, language }} antdLocale={antdLocale}>
            {node}
          </Providers>
        </StrictMode>,
      ),
    );

  try {
    if (urlToken) {
      await startSession(queryClient, urlToken, { replaceHistory: true });
      return;
    }
    const session = getToken() ? await loadSession(queryClient) : null;
    const screens = session ? (await loadRouteTable()).routesOfUser(session.user) : [];
    const router = createAppRouter({ isAuthenticated: !!session, screens });
    render(<RouterProvider router={router} />);
  } catch (error) {
    // A 401 already sent the browser to the login screen.
    if (!isApiError(error, 401)) render(<BootErrorPage error={error} />);
  }
}

const container = document.getElementById('root');
if (container) void boot(container);
