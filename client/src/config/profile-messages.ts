/**
 * The UI strings of Add Review and My Profile (issue 4). Kept apart from
 * messages.ts because only lazy pages use them: messages.ts is part of the
 * first load of `/`.
 */
export const profileMessages = {
  reviewForm: {
    // The spec's texts, word for word (its odd failure text included).
    reviewRequired: 'Review is Required',
    added: 'Review added successfully',
    addFailed: 'Failed to add the doctor',
    subtitle: 'Tell other buyers how the machine and the delivery went. Your review shows on the home page.',
    name: 'Name',
    email: 'Email',
    review: 'Review',
    photo: 'Photo',
    rating: 'Rating',
    reviewTooLong: (max: number) => `Keep the review to ${max} characters or fewer`,
    characters: (n: number, max: number) => `${n}/${max} characters`,
    submit: 'Add Review',
  },
  profile: {
    // The spec's texts, word for word.
    noUser: 'No user is logged in',
    educationRequired: 'Education is Required',
    addressRequired: 'address is Required',
    added: 'Profile added successfully',
    addFailed: 'Failed to add the Profile',
    update: 'UPDATE PROFILE',
    addSubtitle: 'Add your address and background, so that deliveries and invoices reach you.',
    viewSubtitle: 'Your details, as our sales team sees them.',
    editSubtitle: 'Change what you need. Your profile stays as it was until you save.',
    name: 'Name',
    email: 'Email',
    photo: 'Photo',
    address: 'Address',
    education: 'Education',
    linkdin: 'LinkedIn',
    linkdinHint: 'Optional: the address of your LinkedIn profile.',
    linkdinInvalid: 'Provide a valid URL, such as https://www.linkedin.com/in/your-name',
    notGiven: 'Not given',
    photoAlt: (name: string) => `Photo of ${name}`,
    submitAdd: 'Add Profile',
    submitUpdate: 'Save Profile',
    updated: 'Profile updated successfully',
    loadFailed: 'We could not load your profile right now.',
  },
} as const;
