/**
 * The UI strings of the admins' Make Admin screen. Kept apart from messages.ts
 * because only a lazy dashboard page uses them: messages.ts is part of the
 * first load of `/`.
 */
export const adminMessages = {
  users: {
    usersSubtitle: 'Every account of the store. Make trusted staff admins, or remove an account.',
    usersTableLabel: 'Users',
    columnName: 'Name',
    columnEmail: 'Email',
    columnRole: 'Role',
    columnActions: 'Actions',
    makeAdmin: 'Make Admin',
    makeAdminLabel: (email: string) => `Make Admin: ${email}`,
    confirmMakeAdminTitle: 'Make this account an admin?',
    confirmMakeCustomerTitle: 'Return this admin to customer?',
    cancel: 'Cancel',
    confirmMakeAdmin: (email: string) => `Make ${email} an admin? They will be able to manage products, orders and every account.`,
    alreadyAdmin: 'This account was already an admin.',
    makeCustomer: 'Make Customer',
    makeCustomerLabel: (email: string) => `Make Customer: ${email}`,
    confirmMakeCustomer: (email: string) => `Return ${email} to customer? They will lose the admin pages at once.`,
    madeCustomer: 'The account is a customer again.',
    alreadyCustomer: 'This account was already a customer.',
    makeCustomerFailed: 'Failed to return the account to customer',
    // The role's record: the last change, and the whole history.
    roleSince: (role: string, date: string) => `${role} since ${date}`,
    roleBy: (by: string) => (by === 'ADMIN_EMAILS' ? 'set by configuration' : `by ${by}`),
    roleHistory: (n: number) => (n === 1 ? '1 role change' : `${n} role changes`),
    roleChange: (role: string, date: string, by: string) => `${role}, ${date}, ${by}`,
    remove: 'Remove',
    removeLabel: (email: string) => `Remove: ${email}`,
    you: 'You',
    // The spec's texts, word for word.
    madeAdmin: 'Successfully made an admin',
    makeAdminFailed: 'Failed to Make an admin',
    confirmRemove: 'Are You sure Want to delete this product?',
    removed: 'The account was removed.',
    alreadyRemoved: 'This account was already deleted.',
    loadFailed: 'We could not load the users right now.',
    empty: 'No accounts yet.',
    count: (n: number) => (n === 1 ? '1 account' : `${n} accounts`),
  },
} as const;
