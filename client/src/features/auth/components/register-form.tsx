import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form/form-error';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { messages } from '@/config/messages';
import { useRegister, type RegisterInput } from '../api/register';
import { showFieldErrors, validateEmail, validateName, validatePassword } from '../utils/validation';

/** The Sign Up form: name, email and password; the session starts on success. */
export function RegisterForm() {
  const register = useRegister();
  const { control, handleSubmit, setError } = useForm<RegisterInput>({
    defaultValues: { name: '', email: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    register.mutate(
      { name: values.name.trim(), email: values.email.trim(), password: values.password },
      { onError: (error) => showFieldErrors(error, ['name', 'email', 'password'], setError) },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={messages.auth.registerTitle} sx={{ display: 'grid', gap: 2.25 }}>
      <FormTextField
        control={control}
        name="name"
        rules={{ validate: validateName }}
        label={messages.auth.name}
        autoComplete="name"
        required
        fullWidth
      />
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
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={register.isPending} sx={{ minHeight: 48, mt: 0.5 }}>
        {messages.auth.registerSubmit}
      </Button>
      {register.error && <FormError>{register.error.message}</FormError>}
    </Box>
  );
}
