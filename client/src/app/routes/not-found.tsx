import { NotFound } from '@/features/layout/components/not-found';

export default function NotFoundPage() {
  return <NotFound />;
}
