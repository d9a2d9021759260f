import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formMessages } from '@/config/form-messages';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { uploadProblem, useUploadImage } from '@/lib/upload-image';

/**
 * The first step of a form that sends a picture: uploads the file chosen in
 * the image field `name` and answers its URL. When the server refuses it, the
 * field says why and takes the focus, a toast says the upload failed, and the
 * answer is null: the form then sends nothing.
 */
export function useFieldUpload<T extends FieldValues>(setError: UseFormSetError<T>, name: Path<T>) {
  const toast = useToast();
  const upload = useUploadImage();
  return async (file: File): Promise<string | null> => {
    try {
      return await upload.mutateAsync(file);
    } catch (error) {
      setError(name, { type: 'server', message: uploadProblem(error) }, { shouldFocus: true });
      toast.error(withReason(formMessages.uploads.failed, error));
      return null;
    }
  };
}
