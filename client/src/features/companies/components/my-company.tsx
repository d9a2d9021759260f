import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { DeleteButton } from '@/components/ui/delete-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { companyMessages } from '@/config/company-messages';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Company, CompanyMember, CompanyRole } from '@/types/api';
import { isEmail } from '@/utils/email';
import { formatPrice } from '@/utils/format';
import { useApplyForCompany, useInviteMember, useRemoveMember, useUpdateMember } from '../api/company-changes';
import { useCompanies, useCompany } from '../api/get-companies';

const m = companyMessages;
// Issue 45: the purchases awaiting approval (approvers, company admins) and the company's purchases (its admins), loaded with them only.
const CompanyPurchases = lazy(() => import('./company-purchases').then((mod) => ({ default: mod.CompanyPurchases })));
/** The company admin's statement on account (issue 45), loaded only for a company with terms. */
const CompanyQuotes = lazy(() => import('./company-quotes').then((mod) => ({ default: mod.CompanyQuotes })));
const CompanyStatement = lazy(() => import('./statement').then((mod) => ({ default: mod.Statement })));
const ROLES: CompanyRole[] = ['buyer', 'approver', 'admin'];
const LIMIT = /^\s*\d+(\.\d{1,2})?\s*$/;

/** A limit field's rule: empty (no limit) or an amount above 0 with at most 2 decimals. */
export const validateLimit = (value: string) => value.trim() === '' || (LIMIT.test(value) && Number(value) > 0) || m.members.limitInvalid;
/** A limit field's value as the API takes it: null for none. */
export const limitToSend = (value: string) => (value.trim() === '' ? null : value.trim());

interface ApplyValues {
  name: string;
  taxId: string;
  billingAddress: string;
}

/** The application: company name, tax or VAT number and billing address. */
function ApplyForm() {
  const apply = useApplyForCompany();
  const toast = useToast();
  const { control, handleSubmit, setError } = useForm<ApplyValues>({ mode: 'onTouched', defaultValues: { name: '', taxId: '', billingAddress: '' } });
  const required = (label: string) => (value: string) => value.trim() !== '' || m.apply.required(label);
  const onValid = handleSubmit(async (values) => {
    try {
      await apply.mutateAsync({ name: values.name.trim(), taxId: values.taxId.trim(), billingAddress: values.billingAddress.trim() });
      toast.success(m.apply.sent);
    } catch (error) {
      showFieldErrors(error, ['name', 'taxId', 'billingAddress'], setError);
      toast.error(withReason(m.apply.failed, error));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void onValid(e)} aria-labelledby="apply-title" sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography id="apply-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
        {m.apply.title}
      </Typography>
      <Typography color="text.secondary">{m.apply.intro}</Typography>
      <FormTextField control={control} name="name" rules={{ validate: required(m.apply.name) }} label={m.apply.name} required fullWidth autoComplete="organization" />
      <FormTextField control={control} name="taxId" rules={{ validate: required(m.apply.taxId) }} label={m.apply.taxId} required fullWidth autoComplete="off" />
      <FormTextField
        control={control}
        name="billingAddress"
        rules={{ validate: required(m.apply.billingAddress) }}
        label={m.apply.billingAddress}
        required
        fullWidth
        multiline
        minRows={2}
        autoComplete="street-address"
      />
      <Box>
        <Button type="submit" variant="contained" loading={apply.isPending}>
          {m.apply.submit}
        </Button>
      </Box>
    </Box>
  );
}

function CompanyHeader({ company }: { company: Company }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }} data-testid="company-name">
        {company.name}
      </Typography>
      <Typography data-testid="company-status" sx={{ fontWeight: 700 }}>
        {m.status[company.status]}
      </Typography>
      <Typography color="text.secondary">
        {m.details.taxId}: {company.taxId}
      </Typography>
      <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
        {m.details.billingAddress}: {company.billingAddress}
      </Typography>
      {company.role && (
        <Typography>
          {m.details.yourRole}: {m.roles[company.role]}
        </Typography>
      )}
    </Box>
  );
}

interface MemberValues {
  role: CompanyRole;
  limit: string;
}

/** One member's row: the company's admin sets the role and limit, or removes them (never themselves). */
function MemberRow({ companyId, member, editable }: { companyId: string; member: CompanyMember; editable: boolean }) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const toast = useToast();
  const removeAction = useConfirmedAction(remove, { done: (_r, v) => m.members.removed(v.email), failed: m.members.removeFailed });
  const { control, handleSubmit } = useForm<MemberValues>({
    mode: 'onTouched',
    defaultValues: { role: member.role, limit: member.limit === null ? '' : String(member.limit) },
  });
  const save = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: companyId, email: member.email, role: values.role, limit: limitToSend(values.limit) });
      toast.success(m.members.saved(member.email));
    } catch (error) {
      toast.error(withReason(m.members.saveFailed, error));
    }
  });
  if (!editable) {
    return (
      <Box component="li" data-testid="company-member" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, py: 1.5 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{member.email}</Typography>
        <Typography>{m.roles[member.role]}</Typography>
        <Typography color="text.secondary">{member.limit === null ? m.members.noLimit : formatPrice(member.limit)}</Typography>
      </Box>
    );
  }
  return (
    <Box
      component="li"
      data-testid="company-member"
      sx={{ display: 'grid', gap: 1.5, py: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' } }}
    >
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', pt: { md: 1 } }}>{member.email}</Typography>
      <FormTextField control={control} name="role" label={m.members.role} select size="small" slotProps={{ htmlInput: { 'aria-label': m.members.roleLabel(member.email) } }}>
        {ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {m.roles[role]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="limit"
        rules={{ validate: validateLimit }}
        label={m.members.limit}
        size="small"
        autoComplete="off"
        placeholder={m.members.noLimit}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': m.members.limitLabel(member.email) } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" color="secondary" onClick={() => void save()} loading={update.isPending} aria-label={m.members.saveLabel(member.email)}>
          {m.members.save}
        </Button>
        <DeleteButton onClick={() => removeAction.run({ id: companyId, email: member.email }, m.members.confirmRemove(member.email))} aria-label={m.members.removeLabel(member.email)}>
          {m.members.remove}
        </DeleteButton>
      </Box>
    </Box>
  );
}

interface InviteValues {
  email: string;
  role: CompanyRole;
  limit: string;
}

/** The company admin's invitation: address, role and limit; the server mails the link. */
function InviteForm({ companyId }: { companyId: string }) {
  const invite = useInviteMember();
  const toast = useToast();
  const { control, handleSubmit, reset, setError } = useForm<InviteValues>({ mode: 'onTouched', defaultValues: { email: '', role: 'buyer', limit: '' } });
  const onValid = handleSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync({ id: companyId, email: values.email.trim(), role: values.role, limit: limitToSend(values.limit) });
      toast.success(m.invite.sent(sent.email));
      reset();
    } catch (error) {
      showFieldErrors(error, ['email', 'role', 'limit'], setError);
      toast.error(withReason(m.invite.failed, error));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void onValid(e)} aria-labelledby="invite-title" sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography id="invite-title" variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {m.invite.title}
      </Typography>
      <Typography color="text.secondary">{m.invite.intro}</Typography>
      <FormTextField
        control={control}
        name="email"
        rules={{ validate: (v: string) => isEmail(v.trim()) || m.invite.emailInvalid }}
        label={m.invite.email}
        type="email"
        required
        fullWidth
        autoComplete="off"
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="role" label={m.invite.role} select fullWidth>
          {ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {m.roles[role]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="limit" rules={{ validate: validateLimit }} label={m.invite.limit} fullWidth autoComplete="off" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Box>
      <Box>
        <Button type="submit" variant="contained" loading={invite.isPending}>
          {m.invite.submit}
        </Button>
      </Box>
    </Box>
  );
}

/** An approved company: its details, its members (all of them to its admins) and, for its admins, the invitation. */
function CompanyView({ id, addresses }: { id: string; addresses?: (companyId: string) => React.ReactNode }) {
  const company = useCompany(id);
  const me = useSession().user?.email;
  if (company.isError) return <ErrorMessage onRetry={() => void company.refetch()}>{errorMessage(company.error, m.loadFailed)}</ErrorMessage>;
  if (company.isPending) return <LoadingSpinner />;
  const c = company.data;
  const isAdmin = c.role === 'admin';
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <CompanyHeader company={c} />
      <Box component="section" aria-labelledby="members-title">
        <Typography id="members-title" variant="h6" component="h3" sx={{ fontWeight: 800 }}>
          {m.members.title}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {(c.members ?? []).map((member) => (
            <MemberRow key={`${member.email}:${member.role}:${member.limit}`} companyId={c._id} member={member} editable={isAdmin && me !== undefined && member.email !== me} />
          ))}
        </Box>
      </Box>
      {isAdmin && <InviteForm companyId={c._id} />}
      {isAdmin && addresses?.(c._id)}
      {(isAdmin || c.role === 'approver') && (
        <Suspense fallback={<LoadingSpinner />}>
          <CompanyPurchases companyId={c._id} awaiting />
          {isAdmin && <CompanyPurchases companyId={c._id} awaiting={false} />}
          {isAdmin && <CompanyQuotes companyId={c._id} />}
        </Suspense>
      )}
      {isAdmin && ((c.termsDays ?? 0) > 0 || (c.committed ?? 0) > 0) && (
        <Suspense fallback={<LoadingSpinner />}>
          <CompanyStatement companyId={c._id} />
        </Suspense>
      )}
    </Box>
  );
}

/** /dashboard/mycompany: apply, wait for the decision, then the company (its members and invitations for its admins). */
export function MyCompany({ addresses }: { /** The company's address book for its admins (the route composes it: issue 45). */ addresses?: (companyId: string) => React.ReactNode } = {}) {
  const list = useCompanies();
  if (list.isError) return <ErrorMessage onRetry={() => void list.refetch()}>{errorMessage(list.error, m.loadFailed)}</ErrorMessage>;
  if (list.isPending) return <LoadingSpinner />;
  const own = list.data.items[0];
  if (own === undefined) return <ApplyForm />;
  if (own.status === 'declined') {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <CompanyHeader company={own} />
        <Typography role="status">{m.declinedNote}</Typography>
        <ApplyForm />
      </Box>
    );
  }
  if (own.status === 'pending') {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <CompanyHeader company={own} />
        <Typography role="status">{m.pendingNote}</Typography>
      </Box>
    );
  }
  return <CompanyView id={own._id} addresses={addresses} />;
}
