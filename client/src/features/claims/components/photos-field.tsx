import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { FileFieldFrame, FilePickerButton } from '@/components/form/file-field';
import { serviceMessages } from '@/config/service-messages';
import { checkChosenImage, IMAGE_TYPES } from '@/lib/upload-image';

const m = serviceMessages.claims;

/** Previews for the chosen files, revoked when they change. */
function useObjectUrls(files: File[]): (string | undefined)[] {
  const [urls, setUrls] = useState<(string | undefined)[]>([]);
  useEffect(() => {
    const canPreview = typeof URL.createObjectURL === 'function';
    const next = files.map((file) => (canPreview && (IMAGE_TYPES as readonly string[]).includes(file.type) ? URL.createObjectURL(file) : undefined));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URLs are resources this effect creates and revokes with the files
    setUrls(next);
    return () => next.forEach((url) => url && URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

type PhotosFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> & {
  max: number;
};

/**
 * Several photos chosen from the device (a File[]): previews, each removable, and the field's message.
 * Each file is checked as it is chosen (type, size, and that its bytes are a picture): one that is not
 * is left out, and the message next to the field says which and why.
 */
export function PhotosField<T extends FieldValues, N extends FieldPath<T>>({ control, name, rules, max }: PhotosFieldProps<T, N>) {
  const { field, fieldState } = useController({ control, name, rules });
  const files = (field.value ?? []) as File[];
  const urls = useObjectUrls(files);
  // The files refused at the last choice, said until the next choice or removal.
  const [refused, setRefused] = useState<string>();
  const message = refused ?? fieldState.error?.message;
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const problems = await Promise.all(chosen.map(checkChosenImage));
    const accepted = chosen.filter((_, i) => !problems[i]);
    const reasons = chosen.flatMap((file, i) => {
      const problem = problems[i];
      return problem ? [m.photoRefused(file.name, problem)] : [];
    });
    setRefused(reasons.length > 0 ? reasons.join(' ') : undefined);
    if (accepted.length > 0) field.onChange([...files, ...accepted]);
    field.onBlur();
  };

  return (
    <FileFieldFrame
      label={m.photos}
      labelId={labelId}
      helpId={helpId}
      required
      message={message}
      help={m.photosHint(max)}
      border="divider"
      sx={{ flexWrap: 'wrap', gap: 1.5 }}
    >
      {files.map((file, i) => (
        <Box key={`${file.name}-${i}`} sx={{ position: 'relative', width: 88, height: 88, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'background.default' }}>
          {urls[i] && <Box component="img" src={urls[i]} alt={m.photoAlt(i + 1)} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
          <IconButton
            size="small"
            aria-label={m.removePhoto(file.name)}
            onClick={() => {
              setRefused(undefined);
              field.onChange(files.filter((_, j) => j !== i));
              field.onBlur();
            }}
            sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {files.length < max && (
        <FilePickerButton
          icon={<AddPhotoAlternateOutlinedIcon />}
          ref={field.ref}
          name={field.name}
          multiple
          aria-labelledby={labelId}
          aria-describedby={helpId}
          aria-invalid={Boolean(message)}
          aria-required
          onChange={(event) => void onChange(event)}
          onBlur={field.onBlur}
        >
          {m.addPhotos}
        </FilePickerButton>
      )}
    </FileFieldFrame>
  );
}
