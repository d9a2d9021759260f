import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormTextField } from '@/components/form/form-text-field';
import { authMessages } from '@/config/auth-messages';
import { ApiError } from '@/lib/api-client';
import { showFieldErrors } from '@/lib/form-errors';
import { useLoginSecondStep } from '../api/login';

/**
 * The second step of a sign-in with two-step sign-in (issue 44): a code from
 * the authenticator app, or a recovery code. The session starts on success
 * (the page then moves on); a wrong code says so under the field; an expired
 * or used step says so under the form, with the way back to the first step.
 */
export function SecondStepForm({ mfaToken, onRestart }: { mfaToken: string; onRestart: () => void }) {
  const verify = useLoginSecondStep();
  const { control, handleSubmit, setError } = useForm<{ code: string }>({ defaultValues: { code: '' }, mode: 'onTouched' });
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = handleSubmit(({ code }) => {
    setFormError(null);
    verify.mutate(
      { mfaToken, code: code.trim() },
      { onError: (error) => void (showFieldErrors(error, ['code'], setError) || setFormError(error.message)) },
    );
  });
  const ended = verify.error instanceof ApiError && verify.error.status === 401;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={authMessages.secondStepTitle} sx={{ display: 'grid', gap: 2.25 }}>
      <Typography component="h2" variant="h6">
        {authMessages.secondStepTitle}
      </Typography>
      <Typography color="text.secondary">{authMessages.secondStepText}</Typography>
      <FormTextField
        control={control}
        name="code"
        rules={{ validate: (value: string) => value.trim() !== '' || authMessages.codeRequired }}
        label={authMessages.code}
        autoComplete="one-time-code"
        inputMode="text"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending} sx={{ minHeight: 48 }}>
        {authMessages.verifySubmit}
      </Button>
      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      {ended && (
        <Button type="button" variant="outlined" color="secondary" onClick={onRestart} sx={{ minHeight: 44 }}>
          {authMessages.startAgain}
        </Button>
      )}
    </Box>
  );
}
