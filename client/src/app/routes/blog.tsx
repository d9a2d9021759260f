import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { ButtonLink } from '@/components/ui/button-link';
import { contentMessages } from '@/config/content-messages';
import { messages } from '@/config/messages';
import { pageMessages } from '@/config/page-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

/** /blog: there are no posts yet, and the page says so. */
export default function BlogPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <title>{`${pageMessages.pages.blog} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {pageMessages.pages.blog}
      </Typography>
      <Box
        sx={{
          mt: 3,
          p: { xs: 4, md: 6 },
          borderRadius: 3,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          textAlign: 'center',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{ width: 72, height: 72, mx: 'auto', borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'highlight.bg', color: 'secondary.main', '& svg': { fontSize: 36 } }}
        >
          <ArticleOutlinedIcon />
        </Box>
        <Typography variant="h5" component="h2" sx={{ mt: 2.5, fontWeight: 800 }}>
          {contentMessages.blog.empty}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 460, mx: 'auto' }}>
          {contentMessages.blog.emptyText}
        </Typography>
        <Box sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5 }}>
          <ButtonLink to={paths.home} tone="secondary">
            {messages.common.backHome}
          </ButtonLink>
          <ButtonLink to={paths.products} tone="outlined">
            {messages.catalogue.viewAll}
          </ButtonLink>
        </Box>
      </Box>
    </Container>
  );
}
