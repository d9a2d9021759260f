import { AuthPage } from '@/features/auth/components/auth-page';

/** /login: once signed in (here or already), back to the page the user came from, else home. */
export default function LoginPage() {
  return <AuthPage kind="login" />;
}
