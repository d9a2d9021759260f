import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { accountMessages } from '@/config/account-messages';
import { errorMessage } from '@/lib/api-client';
import { endSession, useSession, useUser } from '@/lib/auth';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { User } from '@/types/api';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { SessionsList } from './sessions-list';
import { TwoStepSection } from './two-step-section';
import { useSendVerificationAgain } from './verify-email-banner';

const m = accountMessages.account;

/** The address and whether it is verified; the link sent again until it is. */
function EmailSection({ user }: { user: User }) {
  const titleId = useId();
  const verified = user.emailVerified === true;
  const { send, pending } = useSendVerificationAgain(user.email);
  return (
    <DashboardCard titleId={titleId} stripeColor={verified ? 'divider' : 'primary.main'} data-testid="account-email">
      <DashboardCardHead titleId={titleId} title={m.emailTitle}>
        <Chip size="small" color={verified ? 'success' : 'default'} label={verified ? m.verified : m.notVerified} />
      </DashboardCardHead>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{user.email}</Typography>
      <Typography color="text.secondary">{verified ? m.verifiedText : m.notVerifiedText}</Typography>
      {!verified && (
        <Button type="button" variant="outlined" color="secondary" onClick={send} loading={pending} sx={{ justifySelf: 'start', minHeight: 44 }}>
          {m.sendAgain}
        </Button>
      )}
    </DashboardCard>
  );
}

/** The signed-in devices, each of which can be signed out (issue 44). */
function DevicesSection() {
  const titleId = useId();
  return (
    <DashboardCard titleId={titleId} stripeColor="divider" data-testid="account-sessions">
      <DashboardCardHead titleId={titleId} title={m.devicesTitle}>
        {null}
      </DashboardCardHead>
      <Typography color="text.secondary">{m.devicesText}</Typography>
      <SessionsList />
    </DashboardCard>
  );
}

/** Sign out everywhere, after a confirmation; then the dashboard's guard opens /login, which says what happened. */
function SessionsSection() {
  const titleId = useId();
  const toast = useToast();
  const signOut = useSignOutEverywhere();
  const [open, setOpen] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signOut.mutate(undefined, {
      onSuccess: () => endSession('signed-out-everywhere'),
      onError: (error) => toast.error(withReason(m.signOutFailed, error)),
    });
  };
  return (
    <DashboardCard titleId={titleId} stripeColor="divider">
      <DashboardCardHead titleId={titleId} title={m.sessionsTitle}>
        {null}
      </DashboardCardHead>
      <Typography color="text.secondary">{m.sessionsText}</Typography>
      <Button
        type="button"
        variant="outlined"
        color="secondary"
        startIcon={<LogoutIcon />}
        onClick={() => setOpen(true)}
        sx={{ justifySelf: 'start', minHeight: 44, mt: 1 }}
      >
        {m.signOutEverywhere}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
        title={m.confirmSignOutTitle}
        busy={signOut.isPending}
        cancelLabel={m.cancel}
        submitLabel={m.signOutEverywhere}
        submitIcon={<LogoutIcon />}
      >
        <Typography color="text.secondary">{m.confirmSignOut}</Typography>
      </FormDialog>
    </DashboardCard>
  );
}

/**
 * The dashboard's Account page: verification, two-step sign-in, password,
 * sessions, deletion. `mfaNotice`: an admin sent here to turn two-step
 * sign-in on (ADMIN_MFA=required).
 */
export function AccountSettings({ mfaNotice = false }: { mfaNotice?: boolean }) {
  const { user } = useSession();
  const me = useUser();
  // GET /auth/me failed (not a 401, which ends the session): say so, with a retry, instead of spinning for ever.
  if (!user && me.isError) return <ErrorMessage onRetry={() => void me.refetch()}>{errorMessage(me.error, m.loadFailed)}</ErrorMessage>;
  if (!user) return <LoadingSpinner />;
  return (
    <Box sx={{ display: 'grid', gap: 3, mt: 3 }}>
      <EmailSection user={user} />
      <TwoStepSection user={user} notice={mfaNotice} />
      <ChangePasswordForm />
      <DevicesSection />
      <SessionsSection />
      <DeleteAccountSection user={user} />
    </Box>
  );
}
