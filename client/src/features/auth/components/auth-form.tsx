import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { authMessages } from '@/config/auth-messages';
import { paths } from '@/config/paths';
import { useLogin, type LoginInput } from '../api/login';
import { useRegister, type RegisterInput } from '../api/register';
import { showFieldErrors, validateEmail, validateName, validatePassword } from '../utils/validation';

interface AuthValues {
  name: string;
  email: string;
  password: string;
}

/** The text fields a form may ask for before the password, as both forms show them. */
const TEXT_FIELDS = {
  name: { label: authMessages.name, validate: validateName, autoComplete: 'name', type: 'text' },
  email: { label: authMessages.email, validate: validateEmail, autoComplete: 'email', type: 'email' },
} as const;

type TextField = keyof typeof TEXT_FIELDS;

export interface AuthFormProps<V extends Partial<AuthValues>> {
  /** The form's accessible name. */
  title: string;
  /** The submit button's text. */
  submit: string;
  /** The fields before the password, in order. */
  fields: readonly TextField[];
  /** For password managers: 'current-password' to sign in, 'new-password' to sign up. */
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Sends the fields (trimmed) and the password (as typed); the session starts on success (or its second step). */
  mutation: Pick<UseMutationResult<unknown, Error, V>, 'mutate' | 'isPending' | 'error'>;
}

/**
 * An email-and-password form: its fields checked as the user leaves them, the
 * server's per-field messages under the fields and its answer under the form.
 */
export function AuthForm<V extends Partial<AuthValues>>({ title, submit, fields, passwordAutoComplete, mutation }: AuthFormProps<V>) {
  const { control, handleSubmit, setError } = useForm<AuthValues>({
    defaultValues: { name: '', email: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    const input = { ...Object.fromEntries(fields.map((field) => [field, values[field].trim()])), password: values.password } as V;
    mutation.mutate(input, { onError: (error) => showFieldErrors(error, [...fields, 'password'], setError) });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={title} sx={{ display: 'grid', gap: 2.25 }}>
      {fields.map((name) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          rules={{ validate: TEXT_FIELDS[name].validate }}
          label={TEXT_FIELDS[name].label}
          type={TEXT_FIELDS[name].type}
          autoComplete={TEXT_FIELDS[name].autoComplete}
          required
          fullWidth
        />
      ))}
      <PasswordField
        control={control}
        name="password"
        rules={{ validate: validatePassword }}
        label={authMessages.password}
        autoComplete={passwordAutoComplete}
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending} sx={{ minHeight: 48, mt: 0.5 }}>
        {submit}
      </Button>
      {mutation.error && <ErrorMessage>{mutation.error.message}</ErrorMessage>}
    </Box>
  );
}

/**
 * Email and password sign-in; the session starts on success (the page then
 * moves on), or, for an account with two-step sign-in, onSecondStep gets its
 * token. Forgot password? under it.
 */
export function LoginForm({ onSecondStep }: { onSecondStep?: (mfaToken: string) => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <AuthForm<LoginInput>
        title={authMessages.loginTitle}
        submit={authMessages.loginSubmit}
        fields={['email']}
        passwordAutoComplete="current-password"
        mutation={useLogin(onSecondStep)}
      />
      <Link component={RouterLink} to={paths.forgotPassword} sx={{ justifySelf: 'end', fontWeight: 700, color: 'info.main' }}>
        {authMessages.forgotPassword}
      </Link>
    </Box>
  );
}

/** The Sign Up form: name, email and password; the session starts on success. */
export function RegisterForm() {
  return (
    <AuthForm<RegisterInput>
      title={authMessages.registerTitle}
      submit={authMessages.registerSubmit}
      fields={['name', 'email']}
      passwordAutoComplete="new-password"
      mutation={useRegister()}
    />
  );
}
