import { useEffect } from 'react';
import { useAppContext } from '../app/app-context';

/** Sets the browser tab's title to "<page> · <app name>". */
export function usePageTitle(title: string): void {
  const { appName } = useAppContext().appConfig;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
