import Container from '@mui/material/Container';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { messages } from '@/config/messages';
import { site } from '@/config/site';

export default function LoadingPage() {
  return (
    <Container maxWidth="md">
      <title>{`${messages.pages.loading} | ${site.storeName}`}</title>
      <LoadingSpinner minHeight="60vh" />
    </Container>
  );
}
