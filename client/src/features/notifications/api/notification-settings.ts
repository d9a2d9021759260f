import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { JsonBody, NotificationSettings } from '@/types/api';

export const notificationSettingsQueryKey = ['account', 'notifications'] as const;

/** GET /account/notifications (admin): which e-mails of new work this admin receives, and digest or not. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return unwrap(api.GET('/account/notifications', { signal }));
}

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: 0,
  });

export function useNotificationSettings() {
  return useQuery(getNotificationSettingsQueryOptions());
}

/** PUT /account/notifications (admin): every setting, each a boolean; answers them as stored. */
export function setNotificationSettings(settings: JsonBody<'setNotificationSettings'>): Promise<NotificationSettings> {
  return unwrap(api.PUT('/account/notifications', { body: settings }));
}

export function useSetNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
