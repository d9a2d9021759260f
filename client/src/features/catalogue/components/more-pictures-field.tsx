import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useEffect, useMemo, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { FilePickerButton } from '@/components/form/file-field';
import { categoryMessages } from '@/config/category-messages';
import { checkImageFile, uploadImage } from '@/lib/upload-image';
import type { ProductFormValues } from './product-fields';

const m = categoryMessages.form;

/** Every picture of a product, the main one included (the server's limit). */
export const MAX_PICTURES = 8;

/** A picture after the main one: stored (its URL) or chosen and not yet uploaded (its file). */
export type ExtraPicture = { url: string; file?: undefined } | { file: File; url?: undefined };

/** Uploads the chosen files (POST /upload, one at a time) and answers every URL in order. */
export async function uploadExtraPictures(pictures: ExtraPicture[]): Promise<string[]> {
  const urls: string[] = [];
  for (const picture of pictures) urls.push(picture.file ? await uploadImage(picture.file) : picture.url);
  return urls;
}

/** A file's preview while the form shows it (none where the browser cannot make one). */
function usePreview(file: File | undefined): string | undefined {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

function PictureTile({ picture, n }: { picture: ExtraPicture; n: number }) {
  const preview = usePreview(picture.file);
  const src = picture.url ?? preview;
  return (
    <Box sx={{ width: 96, height: 72, borderRadius: 1, overflow: 'hidden', bgcolor: 'surface.muted', border: 1, borderColor: 'divider' }}>
      {src ? (
        <Box component="img" src={src} alt={m.pictureAlt(n)} sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Typography variant="caption" sx={{ p: 0.5, display: 'block', overflowWrap: 'anywhere' }}>
          {picture.file?.name}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The pictures after the main one (the Image field): add several, put them in
 * order, remove them. Chosen files are uploaded when the form is sent.
 */
export function MorePicturesField({ control }: { control: Control<ProductFormValues> }) {
  const { field } = useController({ control, name: 'extraImages' });
  const pictures = field.value;
  const [problem, setProblem] = useState('');
  const room = MAX_PICTURES - 1 - pictures.length;
  const move = (from: number, to: number) => {
    const next = [...pictures];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    field.onChange(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
        {m.pictures}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {m.picturesHelp(MAX_PICTURES)}
      </Typography>
      {pictures.length > 0 && (
        <Box component="ol" data-testid="extra-pictures" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {pictures.map((picture, i) => (
            <Box component="li" key={picture.url ?? `${picture.file.name}-${i}`} sx={{ display: 'grid', gap: 0.5, justifyItems: 'center' }}>
              <PictureTile picture={picture} n={i + 2} />
              <Box sx={{ display: 'flex' }}>
                <IconButton size="small" aria-label={m.movePictureUp(i + 2)} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  <ArrowBackIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={m.movePictureDown(i + 2)} disabled={i === pictures.length - 1} onClick={() => move(i, i + 1)}>
                  <ArrowForwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" color="error" aria-label={m.removePicture(i + 2)} onClick={() => field.onChange(pictures.filter((_, j) => j !== i))}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Box>
        <FilePickerButton
          icon={<AddPhotoAlternateOutlinedIcon />}
          multiple
          disabled={room <= 0}
          aria-describedby={problem ? `${field.name}-error` : undefined}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            const bad = files.map(checkImageFile).find((p) => p !== null);
            setProblem(bad ?? '');
            if (bad) return;
            field.onChange([...pictures, ...files.slice(0, room).map((file) => ({ file }))]);
          }}
        >
          {m.addPictures}
        </FilePickerButton>
        {problem && (
          <FormHelperText id={`${field.name}-error`} error>
            {problem}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
