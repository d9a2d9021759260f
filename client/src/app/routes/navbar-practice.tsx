import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { contentMessages } from '@/config/content-messages';
import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { NavLinks } from '@/features/layout/components/nav-links';
import { StoreLogo } from '@/features/layout/components/store-logo';

/** /navbarpractice: the navigation bar on its own, as a demo (its links work). */
export default function NavbarPracticePage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <title>{`${pageMessages.pages.navbarPractice} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {pageMessages.pages.navbarPractice}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, mb: 4 }}>
        {contentMessages.demo.navbarText}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden', boxShadow: '0 12px 32px rgba(20,24,29,.08)', bgcolor: 'background.default' }}>
        {/* A window frame around the demo. */}
        <Box aria-hidden="true" sx={{ display: 'flex', gap: 0.75, px: 2, py: 1.25, bgcolor: 'windowFrame.bar' }}>
          {(['windowFrame.close', 'windowFrame.minimize', 'windowFrame.zoom'] as const).map((c) => (
            <Box key={c} sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: c }} />
          ))}
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
            px: { xs: 2, sm: 3 },
            py: 1.5,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            '& ul': { flexWrap: 'wrap' },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mr: 'auto' }}>
            <StoreLogo />
            <Typography component="span" sx={{ fontWeight: 900, fontSize: '1.15rem' }}>
              {site.storeName}
            </Typography>
          </Box>
          <Box component="nav" aria-label={contentMessages.demo.navbarLabel}>
            <NavLinks direction="row" />
          </Box>
        </Box>
        <Box aria-hidden="true" sx={{ p: 3, display: 'grid', gap: 1.5 }}>
          {[90, 70, 80].map((w) => (
            <Box key={w} sx={{ height: 12, width: `${w}%`, borderRadius: 1, bgcolor: 'divider' }} />
          ))}
        </Box>
      </Box>
    </Container>
  );
}
