import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormTextField } from '@/components/form/form-text-field';
import { contentMessages } from '@/config/content-messages';
import { ApiError } from '@/lib/api-client';
import { showFieldErrors } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useSendMessage, type ContactInput } from '../api/send-message';
import { length, MAX_MESSAGE_LENGTH, validateEmail, validateMessage, validateSubject } from '../utils/validation';

const m = contentMessages.contact;
const FIELDS = ['email', 'subject', 'message'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = { email: m.email, subject: m.subject, message: m.message };

/** The form's own error line: not for a 400 whose reasons are already under the fields. */
function formLevelError(error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'invalid' && FIELDS.some((f) => error.errors[f])) return null;
  return error.message;
}

/** The contact form: POST /contact; on success it says so (here and in a toast) and empties itself. */
export function ContactForm() {
  const send = useSendMessage();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm<ContactInput>({
    defaultValues: { email: '', subject: '', message: '' },
    mode: 'onTouched',
  });
  const message = useWatch({ control, name: 'message' });

  const onSubmit = handleSubmit((values) => {
    setSent(false);
    send.mutate(
      { email: values.email.trim(), subject: values.subject.trim(), message: values.message.trim() },
      {
        onSuccess: () => {
          reset();
          setSent(true);
          toast.success(m.sentToast);
        },
        // The server's length messages ("must be at most 150 characters") read as a sentence after the label.
        onError: (error) => showFieldErrors(error, FIELDS, setError, (field, text) => (/^[a-z]/.test(text) ? `${LABELS[field]} ${text}` : text)),
      },
    );
  });

  const error = formLevelError(send.error);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={m.formTitle} sx={{ display: 'grid', gap: 2.25 }}>
      <FormTextField control={control} name="email" rules={{ validate: validateEmail }} label={m.email} type="email" autoComplete="email" required fullWidth />
      <FormTextField control={control} name="subject" rules={{ validate: validateSubject }} label={m.subject} required fullWidth />
      <FormTextField
        control={control}
        name="message"
        rules={{ validate: validateMessage }}
        label={m.message}
        multiline
        rows={4}
        required
        fullWidth
        helperText={m.count(length(message ?? ''), MAX_MESSAGE_LENGTH)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />} loading={send.isPending} loadingPosition="end" sx={{ minHeight: 48, px: 4 }}>
          {m.submit}
        </Button>
        {/* Always in the page (empty until sent), so that screen readers announce the confirmation. */}
        <Box role="status" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, color: 'feedback.success.inline', fontWeight: 600, flex: '1 1 260px' }}>
          {sent && (
            <>
              <CheckCircleIcon fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
              <span>{m.sent}</span>
            </>
          )}
        </Box>
      </Box>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </Box>
  );
}
