import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery, Page, User } from '@/types/api';

export type UserListParams = ListQuery<'/user'>;

/** GET /user (admin): accounts, oldest first; the total is in X-Total-Count. */
export async function getUsers(params: UserListParams = {}, signal?: AbortSignal): Promise<Page<User>> {
  return unwrapPage(api.GET('/user', { params: { query: params }, signal }));
}


export const getUsersQueryOptions = (params: UserListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams = {}) {
  return useQuery(getUsersQueryOptions(params));
}
