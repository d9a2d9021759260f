import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { formMessages } from '@/config/form-messages';
import { IMAGE_TYPES } from '@/lib/upload-image';
import { FileFieldFrame, FilePickerButton } from './file-field';

type ImageFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> & {
  label: string;
  required?: boolean;
  /** The image already stored (edit forms): shown until another file is chosen. */
  currentUrl?: string;
  /** Shown under the field while it has no error (default: the accepted types and size). */
  helperText?: string;
  /** Preview shape: a square (photos of people) or 4:3 (products). */
  shape?: 'square' | 'wide';
};

/** A URL for previewing `file` in an <img>, revoked when the file changes. */
function useObjectUrl(file: File | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const previewable = file && (IMAGE_TYPES as readonly string[]).includes(file.type) && typeof URL.createObjectURL === 'function';
    if (!previewable) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is a resource this effect creates and revokes with the file
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A picture chosen from the device, bound to react-hook-form (its value is a
 * File, or null): a preview, a "Choose image" button and the field's message
 * under it. The upload itself happens when the form is sent.
 */
export function ImageField<T extends FieldValues, N extends FieldPath<T>>({
  name,
  control,
  rules,
  label,
  required,
  currentUrl,
  helperText,
  shape = 'wide',
  disabled,
}: ImageFieldProps<T, N>) {
  const { field, fieldState } = useController({ name, control, rules, disabled });
  const file = (field.value ?? null) as File | null;
  const preview = useObjectUrl(file);
  const shown = preview ?? (file ? undefined : currentUrl);
  const message = fieldState.error?.message;
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return; // the picker was closed: keep what was there
    field.onChange(chosen);
    field.onBlur(); // check it at once
    event.target.value = ''; // so that choosing the same file again still counts
  };

  return (
    <FileFieldFrame
      label={label}
      labelId={labelId}
      inputId={inputId}
      helpId={helpId}
      required={required}
      message={message}
      help={helperText ?? formMessages.uploads.hint}
      border="line.strong"
      sx={{ gap: 2, bgcolor: 'surface.subtle' }}
    >
      <Box
        sx={{
          flex: 'none',
          width: shape === 'square' ? 88 : 112,
          height: 88,
          borderRadius: shape === 'square' ? '50%' : 1.5,
          overflow: 'hidden',
          bgcolor: 'surface.muted',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={preview ? formMessages.uploads.preview : formMessages.uploads.current}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <AddPhotoAlternateOutlinedIcon fontSize="large" aria-hidden="true" />
        )}
      </Box>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.75, justifyItems: 'start' }}>
        <FilePickerButton
          icon={<CloudUploadOutlinedIcon />}
          id={inputId}
          ref={field.ref}
          name={field.name}
          disabled={field.disabled}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          aria-invalid={Boolean(message)}
          aria-required={required}
          onChange={onChange}
          onBlur={field.onBlur}
        >
          {file || currentUrl ? formMessages.uploads.change : formMessages.uploads.choose}
        </FilePickerButton>
        {file && (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}>
            {file.name} · {formatBytes(file.size)}
          </Typography>
        )}
      </Box>
    </FileFieldFrame>
  );
}
