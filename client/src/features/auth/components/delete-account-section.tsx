import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormDialog } from '@/components/form/form-dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { PasswordField } from '@/components/form/password-field';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { accountMessages } from '@/config/account-messages';
import { authMessages } from '@/config/auth-messages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { endSession } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { User } from '@/types/api';
import { useDeleteAccount } from '../api/delete-account';
import { GoogleSignInButton } from './google-sign-in-button';

const m = accountMessages.account;

interface DeleteValues {
  password: string;
  deleteReviews: boolean;
}

/**
 * Delete account: what goes and what stays (with the privacy policy), then a
 * dialog that asks for the password, or for a Google account a fresh sign-in
 * with Google. Deleted, the session ends and the home page opens.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const titleId = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const withGoogle = user.provider === 'google';
  const { control, handleSubmit, setError, reset, getValues } = useForm<DeleteValues>({
    defaultValues: { password: '', deleteReviews: false },
    mode: 'onTouched',
  });

  const send = (confirm: { password: string } | { googleIdToken: string }) =>
    remove.mutate(
      { ...confirm, deleteReviews: getValues('deleteReviews') },
      {
        onSuccess: () => {
          toast.success(m.deleted);
          void navigate(paths.home, { replace: true });
          endSession('signed-out'); // (the dashboard's guard goes home too)
        },
        onError: (error) => {
          if (!showFieldErrors(error, ['password'], setError)) toast.error(withReason(m.deleteFailed, error));
        },
      },
    );
  const onSubmit = handleSubmit((values) => {
    if (!withGoogle) send({ password: values.password });
  });
  const close = () => {
    setOpen(false);
    remove.reset();
    reset();
  };
  const googleProblem = remove.error instanceof ApiError ? remove.error.errors.googleIdToken : undefined;

  return (
    <DashboardCard titleId={titleId} stripeColor="error.main">
      <DashboardCardHead titleId={titleId} title={m.deleteTitle}>
        {null}
      </DashboardCardHead>
      <Typography color="text.secondary">{m.deleteText}</Typography>
      <Link component={RouterLink} to={paths.privacy} sx={{ fontWeight: 700, color: 'info.main', justifySelf: 'start' }}>
        {m.privacyLink}
      </Link>
      <Button
        type="button"
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverOutlinedIcon />}
        onClick={() => setOpen(true)}
        sx={{ justifySelf: 'start', minHeight: 44, mt: 1 }}
      >
        {m.deleteButton}
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        onSubmit={onSubmit}
        title={m.confirmDeleteTitle}
        busy={remove.isPending}
        cancelLabel={m.cancel}
        submitLabel={m.deleteButton}
        submitIcon={<DeleteForeverOutlinedIcon />}
      >
        <Typography color="text.secondary">{withGoogle ? m.confirmDeleteGoogle : m.confirmDelete}</Typography>
        {withGoogle ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <GoogleSignInButton context="use" onCredential={(googleIdToken) => send({ googleIdToken })} />
            {googleProblem && <ErrorMessage>{googleProblem}</ErrorMessage>}
          </Box>
        ) : (
          <PasswordField
            control={control}
            name="password"
            rules={{ validate: (value: string) => value !== '' || authMessages.passwordRequired }}
            label={m.password}
            autoComplete="current-password"
            required
            fullWidth
          />
        )}
        <Controller
          control={control}
          name="deleteReviews"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
              label={m.deleteReviews}
            />
          )}
        />
      </FormDialog>
    </DashboardCard>
  );
}
