import { useCallback } from 'react';
import { useAppContext } from '../../app/app-context';

/**
 * A language's name in the interface language ("French" in English, "francés" in Spanish), from the
 * browser's own data (Intl.DisplayNames); the code itself where the browser has no name for it.
 */
export function useLanguageName(): (code: string) => string {
  const { language } = useAppContext();
  return useCallback(
    (code: string) => {
      try {
        const name = new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
        return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
      } catch {
        return code;
      }
    },
    [language],
  );
}
