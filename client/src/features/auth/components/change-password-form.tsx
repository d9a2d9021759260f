import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '@/components/form/form-actions';
import { PasswordField } from '@/components/form/password-field';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { accountMessages } from '@/config/account-messages';
import { authMessages } from '@/config/auth-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { validatePassword } from '../utils/validation';

const m = accountMessages.account;

interface ChangeValues {
  currentPassword: string;
  password: string;
}

/** Change password: the current one, then the new one; this session goes on with a fresh token, the others end. */
export function ChangePasswordForm() {
  const titleId = useId();
  const toast = useToast();
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useForm<ChangeValues>({
    defaultValues: { currentPassword: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        reset();
        toast.success(m.changed);
      },
      onError: (error) => {
        if (!showFieldErrors(error, ['currentPassword', 'password'], setError)) toast.error(withReason(m.changeFailed, error));
      },
    });
  });

  return (
    <DashboardCard titleId={titleId} stripeColor="divider">
      <DashboardCardHead titleId={titleId} title={m.passwordTitle}>
        {null}
      </DashboardCardHead>
      <Typography color="text.secondary">{m.passwordText}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} sx={{ display: 'grid', gap: 2.25, mt: 1 }}>
        <PasswordField
          control={control}
          name="currentPassword"
          rules={{ validate: (value: string) => value !== '' || authMessages.passwordRequired }}
          label={m.current}
          autoComplete="current-password"
          required
          fullWidth
        />
        <PasswordField
          control={control}
          name="password"
          rules={{ validate: validatePassword }}
          label={m.newPassword}
          autoComplete="new-password"
          required
          fullWidth
        />
        <FormActions submitLabel={m.change} submitIcon={<LockResetOutlinedIcon />} submitting={change.isPending} />
      </Box>
    </DashboardCard>
  );
}
