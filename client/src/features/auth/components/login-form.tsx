import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form/form-error';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { messages } from '@/config/messages';
import { useLogin, type LoginInput } from '../api/login';
import { showFieldErrors, validateEmail, validatePassword } from '../utils/validation';

/** Email and password sign-in; the session starts on success (the page then moves on). */
export function LoginForm() {
  const login = useLogin();
  const { control, handleSubmit, setError } = useForm<LoginInput>({
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onError: (error) => showFieldErrors(error, ['email', 'password'], setError) },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={messages.auth.loginTitle} sx={{ display: 'grid', gap: 2.25 }}>
      <FormTextField
        control={control}
        name="email"
        rules={{ validate: validateEmail }}
        label={messages.auth.email}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <PasswordField
        control={control}
        name="password"
        rules={{ validate: validatePassword }}
        label={messages.auth.password}
        autoComplete="current-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending} sx={{ minHeight: 48, mt: 0.5 }}>
        {messages.auth.loginSubmit}
      </Button>
      {login.error && <FormError>{login.error.message}</FormError>}
    </Box>
  );
}
