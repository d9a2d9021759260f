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

/** The first bytes of each accepted format (a `null` byte may be anything): what the server sniffs too. */
const SIGNATURES: readonly (readonly (number | null)[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50], // RIFF....WEBP
];

/** Whether these first bytes of a file begin a JPEG, PNG, GIF or WebP image. */
export function looksLikeImage(head: Uint8Array): boolean {
  return SIGNATURES.some((signature) => signature.length <= head.length && signature.every((byte, i) => byte === null || head[i] === byte));
}

function readHead(file: Blob, bytes: number): Promise<Uint8Array> {
  const head = file.slice(0, bytes);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Why this file cannot be a picture, checked when it is chosen: its type and
 * size (checkImageFile), then its first bytes (a text file named `.png` is
 * refused here, not after Send). Null when it may go.
 */
export async function checkChosenImage(file: File): Promise<string | null> {
  const problem = checkImageFile(file);
  if (problem) return problem;
  try {
    return looksLikeImage(await readHead(file, 12)) ? null : formMessages.uploads.wrongType;
  } catch {
    return formMessages.uploads.unreadable;
  }
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
