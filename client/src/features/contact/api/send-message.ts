import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { InsertResult, MessageInput } from '@/types/api';

export type ContactInput = MessageInput;

/** POST /contact (anyone): 400 with `errors` per field, 429 with Retry-After when a client sends too many. */
export function sendMessage(input: ContactInput): Promise<InsertResult> {
  return unwrap(api.POST('/contact', { body: input }));
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
