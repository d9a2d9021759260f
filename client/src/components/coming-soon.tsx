import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

/** Placeholder body for pages that later issues build. */
export function ComingSoon({ title, showHomeLink = true }: { title: string; showHomeLink?: boolean }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <title>{`${title} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {title}
      </Typography>
      <Box
        sx={{
          mt: 3,
          p: { xs: 3, md: 4 },
          borderRadius: 2,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderLeft: '6px solid',
          borderLeftColor: 'primary.main',
        }}
      >
        <Typography variant="h6" component="p">
          {messages.common.comingSoon}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {messages.common.comingSoonText}
        </Typography>
        {showHomeLink && (
          <Button component={RouterLink} to={paths.home} variant="outlined" color="secondary" sx={{ mt: 3 }}>
            {messages.common.backHome}
          </Button>
        )}
      </Box>
    </Container>
  );
}
