import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { ReactNode } from 'react';
import { SiteLinks } from '@/components/ui/site-link';
import { messages } from '@/config/messages';
import { site, type FooterLink, type SocialNetwork } from '@/config/site';
import { onDarkSurface } from '@/lib/theme';
import { StoreLogo } from './store-logo';

const SOCIAL_ICONS: Record<SocialNetwork, ReactNode> = {
  facebook: <FacebookIcon />,
  linkedin: <LinkedInIcon />,
  youtube: <YouTubeIcon />,
};

const linkSx = {
  color: 'textOnDark.muted',
  '&:hover': { color: 'common.white' },
  borderRadius: '2px',
} as const;

function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  return (
    <Box component="nav" aria-labelledby={id}>
      <Typography id={id} component="h2" sx={{ fontWeight: 800, fontSize: '0.85rem', letterSpacing: '0.12em', textTransform: 'uppercase', color: 'primary.main', mb: 2 }}>
        {title}
      </Typography>
      <SiteLinks links={links} sx={{ display: 'grid', gap: 1.25 }} linkSx={linkSx} />
    </Box>
  );
}

/** Site footer; default export because it loads lazily (it is always below the fold on the home page). */
export default function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'common.white', mt: 'auto', ...onDarkSurface }}>
      <Container maxWidth="lg" sx={{ pt: { xs: 6, md: 8 }, pb: 4 }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            gridTemplateColumns: { xs: '1fr 1fr', md: '1.6fr 1fr 1fr 1fr' },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2 }}>
              <StoreLogo />
              <Typography component="p" sx={{ fontWeight: 900, fontSize: '1.15rem' }}>
                {site.storeName}
              </Typography>
            </Box>
            <Typography sx={{ color: 'textOnDark.muted', maxWidth: 320, mb: 2 }}>{site.tagline}</Typography>
            <Box component="address" sx={{ fontStyle: 'normal', color: 'textOnDark.muted', display: 'grid', gap: 0.5, fontSize: '0.95rem' }}>
              <span>{site.contact.address}</span>
              <Link href={`mailto:${site.contact.email}`} sx={linkSx}>
                {site.contact.email}
              </Link>
              <Link href={`tel:${site.contact.phone.replace(/[^+\d]/g, '')}`} sx={linkSx}>
                {site.contact.phone}
              </Link>
            </Box>
          </Box>
          <LinkColumn id="footer-services" title={messages.footer.services} links={site.footer.services} />
          <LinkColumn id="footer-company" title={messages.footer.company} links={site.footer.company} />
          <LinkColumn id="footer-legal" title={messages.footer.legal} links={site.footer.legal} />
        </Box>

        <Box
          sx={{
            mt: { xs: 5, md: 7 },
            pt: 3,
            borderTop: '1px solid rgba(255,255,255,.14)',
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Typography variant="body2" sx={{ color: 'textOnDark.muted' }}>
            {messages.footer.copyright(year, site.authorName)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1 }}>
            {site.social.map((s) => (
              <li key={s.network}>
                <IconButton
                  component="a"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.label}
                  sx={{
                    color: 'common.white',
                    bgcolor: 'rgba(255,255,255,.08)',
                    '&:hover': { bgcolor: 'primary.main', color: 'secondary.main' },
                  }}
                >
                  {SOCIAL_ICONS[s.network]}
                </IconButton>
              </li>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
