import type { AppConfig, Language } from '@mostrador/contract';
import { createContext, useContext } from 'react';

export interface AppContextValue {
  appConfig: AppConfig;
  language: Language;
}

export const AppContext = createContext<AppContextValue | null>(null);

/** The host configuration read at boot and the interface language. */
export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside the app providers');
  return value;
}
