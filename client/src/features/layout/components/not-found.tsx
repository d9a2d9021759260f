import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import notFoundImage from '@/assets/not-found.svg';
import { messages } from '@/config/messages';
import { pageMessages } from '@/config/page-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

export function NotFound() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <title>{`${pageMessages.notFound.title} | ${site.storeName}`}</title>
      <Box
        component="img"
        src={notFoundImage}
        alt={pageMessages.notFound.imageAlt}
        width={320}
        height={220}
        sx={{ maxWidth: '100%', height: 'auto', mx: 'auto', display: 'block' }}
      />
      <Typography variant="h3" component="h1" sx={{ mt: 4, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {pageMessages.notFound.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        {pageMessages.notFound.text}
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" size="large" sx={{ mt: 4 }}>
        {messages.common.backHome}
      </Button>
    </Container>
  );
}
