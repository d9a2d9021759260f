import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { InsertResult } from '@/types/api';

export interface ContactInput {
  email: string;
  subject: string;
  message: string;
}

/** POST /contact (anyone): 400 with `errors` per field, 429 with Retry-After when a client sends too many. */
export function sendMessage(input: ContactInput): Promise<InsertResult> {
  return apiClient.post<InsertResult>('/contact', input);
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
