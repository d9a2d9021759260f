import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { PasswordField } from '@/components/form/password-field';
import { accountMessages } from '@/config/account-messages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { endSession, type LoginLocationState } from '@/lib/auth';
import { showFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { validatePassword } from '../utils/validation';

const m = accountMessages.reset;

interface ResetValues {
  password: string;
  confirm: string;
}

/**
 * A new password with the mailed link's token. Every session ends (this
 * browser's too), and the person signs in as usual: /login says why.
 */
export function ResetPasswordForm({ token, onUsed }: { token: string; /** The token was used: the page forgets it. */ onUsed: () => void }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { control, handleSubmit, setError, getValues } = useForm<ResetValues>({ defaultValues: { password: '', confirm: '' }, mode: 'onTouched' });

  const onSubmit = handleSubmit((values) => {
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          onUsed();
          endSession('signed-out');
          const state: LoginLocationState = { notice: 'password-reset' };
          void navigate(paths.login, { replace: true, state });
        },
        onError: (error) => showFieldErrors(error, ['password'], setError),
      },
    );
  });

  const tokenRefused = reset.error instanceof ApiError && Boolean(reset.error.errors.token);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={m.title} sx={{ display: 'grid', gap: 2.25 }}>
      <PasswordField
        control={control}
        name="password"
        rules={{ validate: validatePassword }}
        label={m.password}
        autoComplete="new-password"
        required
        fullWidth
      />
      <PasswordField
        control={control}
        name="confirm"
        rules={{ validate: (value: string) => (value === '' ? m.confirmRequired : value === getValues('password') || m.mismatch) }}
        label={m.confirm}
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending} sx={{ minHeight: 48 }}>
        {m.submit}
      </Button>
      {reset.error && !(reset.error instanceof ApiError && reset.error.errors.password) && <ErrorMessage>{reset.error.message}</ErrorMessage>}
      {tokenRefused && (
        <Link component={RouterLink} to={paths.forgotPassword} sx={{ fontWeight: 700, color: 'info.main' }}>
          {m.askNew}
        </Link>
      )}
    </Box>
  );
}
