import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { JsonBody, NotificationSettings } from '@/types/api';


/** GET /account/notifications (admin): which e-mails of new work this admin receives, and digest or not. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return unwrap(api.GET('/account/notifications', { signal }));
}

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationSettings,
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
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationSettings, saved),
  });
}
