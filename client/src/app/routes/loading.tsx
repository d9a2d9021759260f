import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { pageMessages } from '@/config/page-messages';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { site } from '@/config/site';

/** /loading: the app's loading animation on its own. */
export default function LoadingPage() {
  return (
    <Container maxWidth="md">
      <title>{`${pageMessages.pages.loading} | ${site.storeName}`}</title>
      <Typography component="h1" sx={visuallyHiddenSx}>
        {pageMessages.pages.loading}
      </Typography>
      <LoadingSpinner minHeight="60vh" />
    </Container>
  );
}
