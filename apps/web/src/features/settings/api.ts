import type {
  CertificateInfo,
  ChainCheck,
  CurrentUser,
  NotificationPreviewBody,
  RenderedMail,
  Settings,
  TestMailBody,
  TestMailResult,
  UiConfig,
  UpdateSettingsBody,
  WidgetEmbed,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useErrorMessage } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';

/** The booking widget's embedding addresses: the license's code, the script's and the frame's URLs. */
export function useWidgetEmbed() {
  return useQuery({
    queryKey: queryKeys.widgetEmbed,
    queryFn: ({ signal }) => api.get<WidgetEmbed>('/admin/settings/widget', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api.put<Settings>('/admin/settings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
  });
}

/**
 * Uploads the company's Verifactu certificate (PKCS#12: .p12, .pfx) with its password; answers what
 * was read of it (holder, tax id, issuer, validity). The password goes first: the server reads the
 * parts in order and opens the file with it.
 */
export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) => {
      const form = new FormData();
      form.append('password', password);
      form.append('file', file, file.name);
      return api.put<CertificateInfo>('/admin/settings/verifactu/certificate', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
  });
}

/** Removes the uploaded certificate (refused while Verifactu is on). */
export function useRemoveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/admin/settings/verifactu/certificate'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
  });
}

/**
 * Recomputes the chain of Verifactu records (every huella from its fields, each link to the one
 * before); answers how many were found intact and the first break.
 */
export function useCheckVerifactuChain() {
  return useMutation({
    mutationFn: () => api.post<ChainCheck>('/admin/verifactu/check', undefined, { timeoutMs: 120_000 }),
  });
}

/**
 * How long a test mail may take: the server waits for the mail server's greeting, its TLS and its answer,
 * each with a timeout of its own, and then answers; longer than the usual 20 s.
 */
export const testMailTimeoutMs = 90_000;

/** Sends a test mail with the saved mail server settings; answers what the mail server said. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestMailBody) =>
      api.post<TestMailResult>('/admin/settings/mail/test', body, { timeoutMs: testMailTimeoutMs }),
    // The test mail is a mail of the outbox like the others.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mails.all }),
  });
}

/** A notification as a customer would get it, rendered with sample data; idle while `body` is undefined. */
export function useNotificationPreview(body: NotificationPreviewBody | undefined) {
  return useQuery({
    queryKey: queryKeys.notificationPreview(
      body?.kind ?? '',
      body?.subject ?? '',
      body?.body ?? '',
      body?.language,
    ),
    queryFn: ({ signal }) =>
      api.post<RenderedMail>('/admin/settings/notifications/preview', body, { signal }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
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
