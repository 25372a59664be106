import type { CurrentUser, Settings, UiConfig, UpdateSettingsBody } from '@mostrador/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useErrorMessage } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api.put<Settings>('/admin/settings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
  });
}

/**
 * Saves the user's interface configuration. The endpoint replaces the whole object, so callers give a function
 * of the current configuration and the whole result is sent. The change shows at once (the server stores exactly
 * what was sent, so its answer is not merged back: that would undo a later change still in flight); a failure
 * undoes it and says so in a dialog.
 */
export function useUpdateUiConfig(): (update: (current: UiConfig) => UiConfig) => void {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const setUiConfig = (uiConfig: UiConfig) =>
    queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (user) => user && { ...user, uiConfig });

  const mutation = useMutation({
    mutationFn: ({ next }: { next: UiConfig; previous: UiConfig }) =>
      api.patch<{ uiConfig: UiConfig }>('/admin/settings/uiConfig', { uiConfig: next }),
    onError: (error, { previous }) => {
      setUiConfig(previous);
      modal.error({ title: t('uiConfig.saveFailed'), content: errorMessage(error) });
    },
  });

  return (update) => {
    const previous = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser)?.uiConfig ?? {};
    const next = update(previous);
    // Shown at once, in the same render as the click that asked for it; the server follows.
    void queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
    setUiConfig(next);
    mutation.mutate({ next, previous });
  };
}
