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
  /** An edit refused because someone saved over the copy it started from (409): field by field, whose value to keep. */
  conflict: {
    title: 'Changed by someone else while you were editing',
    intro: 'For each field below, keep your value or take the one saved now. Nothing is saved until you choose for every field and save again.',
    keepMine: 'Keep mine',
    takeTheirs: 'Take the saved one',
    chooseEach: 'Choose yours or the saved value for each field that changed, then save again.',
    onlyVersion: 'It was saved by someone else meanwhile, with the same values you see. Save again to apply your changes.',
    empty: '(none)',
    reloadFailed: 'It changed meanwhile, and the saved copy could not be read',
  },
} as const;
