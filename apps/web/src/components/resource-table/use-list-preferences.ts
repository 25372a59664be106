import type { ListPreferences } from '@mostrador/contract';
import { useCurrentUser } from '../../features/session/api';
import { useUpdateUiConfig } from '../../features/settings/api';

/** A list's saved columns, page size and sort (`uiConfig.lists[pageKey]`), and a way to change them. */
export function useListPreferences(pageKey: string) {
  const preferences: ListPreferences = useCurrentUser().uiConfig.lists?.[pageKey] ?? {};
  const updateUiConfig = useUpdateUiConfig();
  const save = (change: ListPreferences) =>
    updateUiConfig((uiConfig) => ({
      ...uiConfig,
      lists: { ...uiConfig.lists, [pageKey]: { ...uiConfig.lists?.[pageKey], ...change } },
    }));
  return { preferences, save };
}
