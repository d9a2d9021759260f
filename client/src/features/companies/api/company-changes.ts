import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate } from '@/lib/query-keys';
import type { Company, CompanyApplication, CompanyChange, CompanyInvitation, InsertResult, JsonBody, MemberChange } from '@/types/api';

/** POST /companies: the signed-in customer applies; the company is pending until an admin decides. */
export function applyForCompany(body: CompanyApplication): Promise<InsertResult> {
  return unwrap(api.POST('/companies', { body }));
}

/** PATCH /companies/{id} (admins): approve or decline a pending application, once. */
export function decideCompany({ id, status }: { id: string; status: 'approved' | 'declined' }): Promise<Company> {
  return unwrap(api.PATCH('/companies/{id}', { params: { path: { id } }, body: { status } }));
}

/** PATCH /companies/{id} (admins): the company's price list (replaced whole) and whether its purchases need a PO number. */
export function updateCompany({ id, ...body }: CompanyChange & { id: string }): Promise<Company> {
  return unwrap(api.PATCH('/companies/{id}', { params: { path: { id } }, body }));
}

/** POST /companies/{id}/invitations (the company's admins): mails a single-use link. */
export function inviteMember({ id, ...body }: CompanyInvitation & { id: string }) {
  return unwrap(api.POST('/companies/{id}/invitations', { params: { path: { id } }, body }));
}

/** POST /invitations/accept: the invited address joins the company. */
export function acceptInvitation(body: JsonBody<'acceptInvitation'>): Promise<Company> {
  return unwrap(api.POST('/invitations/accept', { body }));
}

/** PATCH /companies/{id}/members/{email} (the company's admins). */
export function updateMember({ id, email, ...body }: MemberChange & { id: string; email: string }) {
  return unwrap(api.PATCH('/companies/{id}/members/{email}', { params: { path: { id, email } }, body }));
}

/** DELETE /companies/{id}/members/{email} (the company's admins). */
export function removeMember({ id, email }: { id: string; email: string }) {
  return unwrap(api.DELETE('/companies/{id}/members/{email}', { params: { path: { id, email } } }));
}

function useCompanyMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate(queryClient, 'companies') });
}

export const useApplyForCompany = () => useCompanyMutation(applyForCompany);
export const useDecideCompany = () => useCompanyMutation(decideCompany);
export const useUpdateCompany = () => useCompanyMutation(updateCompany);
export const useInviteMember = () => useCompanyMutation(inviteMember);
export const useAcceptInvitation = () => useCompanyMutation(acceptInvitation);
export const useUpdateMember = () => useCompanyMutation(updateMember);
export const useRemoveMember = () => useCompanyMutation(removeMember);
