import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/ui/button-link';
import { contentMessages } from '@/config/content-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { sitePages } from '@/config/site-pages';
import { onDarkSurface, steelBackground } from '@/lib/theme';

/** /landing's 90vh hero: the promise (site-pages.ts) and Get Started, to the catalogue. */
export function LandingHero() {
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      sx={{
        minHeight: '90vh',
        display: 'flex',
        alignItems: 'center',
        color: 'common.white',
        textAlign: 'center',
        ...onDarkSurface,
        position: 'relative',
        background: (t) => 'radial-gradient(ellipse at 50% 120%, rgba(245,179,1,.22) 0%, transparent 60%),' + steelBackground(t, 160, 60),
      }}
    >
      <Container maxWidth="md" sx={{ py: 8 }}>
        <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontSize: '0.85rem' }}>
          {site.storeName}
        </Typography>
        <Typography variant="h1" id="landing-title" sx={{ fontSize: { xs: '2.4rem', sm: '3.2rem', md: '4rem' }, lineHeight: 1.05, mt: 1 }}>
          {sitePages.landing.title}
        </Typography>
        <Typography sx={{ mt: 3, mx: 'auto', maxWidth: 620, color: 'textOnDark.muted', fontSize: { xs: '1.05rem', md: '1.2rem' }, lineHeight: 1.7 }}>
          {sitePages.landing.text}
        </Typography>
        <Box sx={{ mt: 5 }}>
          <ButtonLink to={paths.products} tone="primary" size="large">
            {contentMessages.landing.getStarted}
          </ButtonLink>
        </Box>
      </Container>
    </Box>
  );
}
