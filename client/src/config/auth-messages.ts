/**
 * Sign-in, sign-up, the password fields and forms, and the notices of the
 * login page: only lazy pages use these (not in the first load of `/`).
 */
export const authMessages = {
  loginTitle: 'Login',
  loginSubtitle: 'Welcome back. Sign in to order equipment and follow your orders.',
  registerTitle: 'Sign Up',
  registerSubtitle: 'Create an account to order equipment, pay by card and track delivery.',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  // The spec's form messages, word for word (the server answers with the same ones).
  nameRequired: 'Name is Required',
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  showPassword: 'Show password',
  loginSubmit: 'Login',
  registerSubmit: 'Sign Up',
  newHere: (store: string) => `New to ${store}?`,
  createAccount: 'Create New Account',
  haveAccount: 'Already have an account?',
  loginInstead: 'Please Login',
  or: 'OR',
  continueWithGoogle: 'Continue with Google',
  googleNotConfigured: 'Google sign-in is not set up for this store.',
  googleLoadFailed: 'Google sign-in could not be loaded. Please use your email and password.',
  signInToContinue: 'Please sign in to continue.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  adminsOnly: 'That page is for admins. Sign in with an admin account to open it.',
  checkingAccess: 'Checking access…',
  asideTitle: 'Machinery for workshops, farms and building sites.',
  forgotPassword: 'Forgot password?',
  passwordReset: 'Your password was changed and every session signed out. Please sign in with the new password.',
  signedOutEverywhere: 'You were signed out on every device. Sign in again to go on.',
} as const;
