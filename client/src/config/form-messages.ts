/**
 * The UI strings of image uploads and of the form parts shared by the
 * catalogue, review and profile forms (issue 4). Kept apart from messages.ts
 * because only lazy pages use them: messages.ts is part of the first load of `/`.
 */
export const formMessages = {
  uploads: {
    choose: 'Choose image',
    change: 'Change image',
    hint: 'JPEG, PNG, WebP or GIF, up to 5 MB.',
    keepCurrent: 'JPEG, PNG, WebP or GIF, up to 5 MB. Keep the current image by choosing none.',
    preview: 'The chosen image',
    current: 'The current image',
    // The server's words.
    wrongType: 'Only JPEG, PNG, WebP and GIF images are accepted.',
    tooLarge: 'The image is larger than 5 MB.',
    empty: 'The file is empty.',
    failed: 'The image could not be uploaded',
    unreadable: 'The file could not be read.',
  },
  forms: {
    fromAccount: 'From your account',
    cancel: 'Cancel',
    optional: 'Optional',
    // The spec's text, word for word.
    imageRequired: 'Image is Required',
    /** A server message such as "must be at least 1" under the field it is about: "Minimum Quantity must be at least 1". */
    fieldProblem: (label: string, problem: string) => (/^[a-z]/.test(problem) ? `${label} ${problem}` : problem),
  },
} as const;
