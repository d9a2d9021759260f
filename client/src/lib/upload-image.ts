import { useMutation } from '@tanstack/react-query';
import { formMessages } from '@/config/form-messages';
import { ApiError, api, unwrap } from '@/lib/api-client';

/** The server's limits (DESIGN.md, "Images"); it checks again, and decides. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** For `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why the browser would not send this file (type or size), or null when it may go. */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return formMessages.uploads.wrongType;
  if (file.size > MAX_IMAGE_BYTES) return formMessages.uploads.tooLarge;
  if (file.size === 0) return formMessages.uploads.empty;
  return null;
}

/**
 * POST /upload (signed-in; multipart field `image`): 201 with the stored
 * image's URL; 400, 413 or 415 problem documents when the server refuses it.
 */
export async function uploadImage(file: File): Promise<string> {
  const result = await unwrap(
    api.POST('/upload', {
      body: { image: file },
      bodySerializer: ({ image }) => {
        const form = new FormData();
        form.append('image', image, file.name);
        return form;
      },
    }),
  );
  return result.data.url;
}

/** Uploads are not cached data: nothing to invalidate. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}

/** What to say under the image field when the server refused the upload: its reason, else a general line. */
export function uploadProblem(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : formMessages.uploads.failed;
}
