import Box from '@mui/material/Box';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useForm } from 'react-hook-form';
import { FormActions } from '@/components/form/form-actions';
import { FormCard } from '@/components/form/form-card';
import { FormTextField } from '@/components/form/form-text-field';
import { ImageField } from '@/components/form/image-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { useFieldUpload } from '@/components/form/use-field-upload';
import { formMessages } from '@/config/form-messages';
import { profileMessages } from '@/config/profile-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { checkImageFile } from '@/lib/upload-image';
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
  const uploadPhoto = useFieldUpload(setError, 'image');

  const onSubmit = handleSubmit(async (values) => {
    let image = profile?.image ?? '';
    if (values.image) {
      const uploaded = await uploadPhoto(values.image);
      if (uploaded === null) return;
      image = uploaded;
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
    <FormCard onSubmit={onSubmit} aria-label={updating ? m.update : m.submitAdd}>
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
      <FormActions
        submitLabel={updating ? m.submitUpdate : m.submitAdd}
        submitIcon={<SaveOutlinedIcon />}
        submitting={isSubmitting}
        onCancel={onCancel}
        cancelLabel={formMessages.forms.cancel}
      />
    </FormCard>
  );
}
