import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useMemo } from 'react';
import { useOptionalCurrentUser } from '../features/session/api';
import { AppContext, type AppContextValue } from './app-context';
import { resolveTheme, toThemeConfig } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  context: AppContextValue;
  antdLocale: Locale;
  children: ReactNode;
}

export function Providers({ queryClient, context, antdLocale, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext value={context}>
        <ThemedAntd antdLocale={antdLocale} brand={context.appConfig.brand}>
          {children}
        </ThemedAntd>
      </AppContext>
    </QueryClientProvider>
  );
}

function ThemedAntd({
  antdLocale,
  brand,
  children,
}: {
  antdLocale: Locale;
  brand: AppContextValue['appConfig']['brand'];
  children: ReactNode;
}) {
  const uiConfig = useOptionalCurrentUser()?.uiConfig;
  const { mode, primaryColor } = resolveTheme(brand, uiConfig);
  const themeConfig = useMemo(() => toThemeConfig({ mode, primaryColor }), [mode, primaryColor]);
  return (
    <ConfigProvider locale={antdLocale} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}
