import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { ImageField } from '@/components/form/image-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { formMessages } from '@/config/form-messages';
import { profileMessages } from '@/config/profile-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { checkImageFile, uploadProblem, useUploadImage } from '@/lib/upload-image';
import type { Profile, User } from '@/types/api';
import { useSaveProfile } from '../api/save-profile';
import { isWebUrl } from '../utils/is-web-url';

const m = profileMessages.profile;

interface ProfileFormValues {
  education: string;
  address: string;
  linkdin: string;
  image: File | null;
}

function validateLinkdin(value: string): string | true {
  const text = value.trim();
  return text === '' || isWebUrl(text) || m.linkdinInvalid;
}

const required = (message: string) => (value: string) => value.trim() !== '' || message;

interface ProfileFormProps {
  user: Pick<User, 'name' | 'email'>;
  /** The stored profile when updating it: its values fill the form, and its photo stays unless another is chosen. */
  profile?: Profile;
  /** After the profile is saved. */
  onSaved?: (profile: Profile) => void;
  /** Leave the form without saving (updating only): the stored profile stays as it is. */
  onCancel?: () => void;
}

/** Add or update the profile: a new photo is uploaded first, then POST /profile replaces the profile in one write. */
export function ProfileForm({ user, profile, onSaved, onCancel }: ProfileFormProps) {
  const updating = profile !== undefined;
  const toast = useToast();
  const upload = useUploadImage();
  const saveProfile = useSaveProfile();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ProfileFormValues>({
    defaultValues: { education: profile?.education ?? '', address: profile?.address ?? '', linkdin: profile?.linkdin ?? '', image: null },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    let image = profile?.image ?? '';
    if (values.image) {
      try {
        image = await upload.mutateAsync(values.image);
      } catch (error) {
        setError('image', { type: 'server', message: uploadProblem(error) }, { shouldFocus: true });
        toast.error(withReason(formMessages.uploads.failed, error));
        return;
      }
    }
    try {
      const result = await saveProfile.mutateAsync({
        image,
        address: values.address.trim(),
        education: values.education.trim(),
        linkdin: values.linkdin.trim(),
      });
      toast.success(updating ? m.updated : m.added);
      onSaved?.(result.profile);
    } catch (error) {
      const labels = { education: m.education, address: m.address, linkdin: m.linkdin, image: m.photo } as const;
      showFieldErrors(error, ['education', 'address', 'linkdin', 'image'], setError, (field, problem) =>
        formMessages.forms.fieldProblem(labels[field], problem),
      );
      toast.error(withReason(m.addFailed, error));
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={updating ? m.update : m.submitAdd}
      sx={{ display: 'grid', gap: 2.25, p: { xs: 2.5, sm: 4 }, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <ReadOnlyField label={m.name} value={user.name} />
        <ReadOnlyField label={m.email} value={user.email} type="email" />
      </Box>
      <FormTextField
        control={control}
        name="education"
        rules={{ validate: required(m.educationRequired) }}
        label={m.education}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <FormTextField
        control={control}
        name="address"
        rules={{ validate: required(m.addressRequired) }}
        label={m.address}
        required
        fullWidth
        multiline
        minRows={2}
        autoComplete="street-address"
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <FormTextField
        control={control}
        name="linkdin"
        rules={{ validate: validateLinkdin }}
        label={m.linkdin}
        type="url"
        fullWidth
        autoComplete="url"
        placeholder="https://www.linkedin.com/in/your-name"
        helperText={m.linkdinHint}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <ImageField
        control={control}
        name="image"
        rules={{ validate: (file: File | null) => (file ? (checkImageFile(file) ?? true) : updating || formMessages.forms.imageRequired) }}
        label={m.photo}
        required={!updating}
        currentUrl={profile?.image}
        helperText={updating ? formMessages.uploads.keepCurrent : undefined}
        shape="square"
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap-reverse' }}>
        {onCancel && (
          <Button type="button" variant="outlined" color="secondary" size="large" onClick={onCancel} disabled={isSubmitting} sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}>
            {formMessages.forms.cancel}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSubmitting}
          loadingPosition="start"
          startIcon={<SaveOutlinedIcon />}
          sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' }, px: 4 }}
        >
          {updating ? m.submitUpdate : m.submitAdd}
        </Button>
      </Box>
    </Box>
  );
}
