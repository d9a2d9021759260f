import { AuthPage } from '@/features/auth/components/auth-page';

/** /register: the Sign Up form; once signed in, home (or the page that sent the user to sign in). */
export default function RegisterPage() {
  return <AuthPage kind="register" />;
}
