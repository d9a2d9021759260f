import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormTextField } from '@/components/form/form-text-field';
import { accountMessages } from '@/config/account-messages';
import { authMessages } from '@/config/auth-messages';
import { showFieldErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { validateEmail } from '../utils/validation';

const m = accountMessages.forgot;

/**
 * Forgot password: the address, then the same answer whether or not an
 * account has it (the server tells nothing more), and a way to ask again.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<{ email: string }>({ defaultValues: { email: '' }, mode: 'onTouched' });

  const onSubmit = handleSubmit((values) => {
    const email = values.email.trim();
    forgot.mutate(email, { onSuccess: () => setSentTo(email), onError: (error) => showFieldErrors(error, ['email'], setError) });
  });

  if (sentTo !== null) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" variant="outlined" role="status">
          <Typography component="h2" sx={{ fontWeight: 800, mb: 0.5 }}>
            {m.sentTitle}
          </Typography>
          {m.sent(sentTo)}
        </Alert>
        <Typography color="text.secondary">{m.notReceived}</Typography>
        <Button
          type="button"
          variant="outlined"
          color="secondary"
          onClick={() => {
            forgot.reset();
            setSentTo(null);
          }}
          sx={{ justifySelf: 'start', minHeight: 44 }}
        >
          {m.askAgain}
        </Button>
      </Box>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={m.title} sx={{ display: 'grid', gap: 2.25 }}>
      <FormTextField
        control={control}
        name="email"
        rules={{ validate: validateEmail }}
        label={authMessages.email}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={forgot.isPending} sx={{ minHeight: 48 }}>
        {m.submit}
      </Button>
      {forgot.error && <ErrorMessage>{forgot.error.message}</ErrorMessage>}
    </Box>
  );
}
