import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { SteelPanel } from '@/components/ui/steel-panel';
import { contentMessages } from '@/config/content-messages';
import { pageMessages } from '@/config/page-messages';
import { sitePages } from '@/config/site-pages';

const NETWORK_ICONS: Record<string, ReactNode> = { github: <GitHubIcon />, linkedin: <LinkedInIcon /> };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

const headingSx = { fontWeight: 800, fontSize: '0.85rem', letterSpacing: '0.12em', textTransform: 'uppercase', color: 'text.secondary', mb: 1.5 } as const;

/** /portfolio: the site's author (site-pages.ts): who, what they do, skills and how to reach them. */
export function AuthorProfile() {
  const author = sitePages.portfolio;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Box component="article" aria-labelledby="author-name" sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden', boxShadow: '0 12px 32px rgba(20,24,29,.08)' }}>
        <Box
          component={SteelPanel}
          sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' }, gap: 3, p: { xs: 3, sm: 5 } }}
        >
          <Box
            aria-hidden="true"
            sx={{ flexShrink: 0, width: 96, height: 96, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'secondary.main', fontWeight: 900, fontSize: '2.2rem', border: '4px solid rgba(255,255,255,.85)' }}
          >
            {initials(author.name)}
          </Box>
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
              {pageMessages.pages.portfolio}
            </Typography>
            <Typography variant="h3" component="h1" id="author-name" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
              {author.name}
            </Typography>
            <Typography sx={{ fontWeight: 700, color: 'textOnDark.body', fontSize: '1.1rem' }}>{author.role}</Typography>
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'textOnDark.muted', mt: 0.5 }}>
              <PlaceOutlinedIcon fontSize="small" aria-hidden="true" />
              {author.location}
            </Typography>
          </Box>
        </Box>

        <Box sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 4 }}>
          <Typography sx={{ fontSize: '1.1rem', lineHeight: 1.8 }}>{author.bio}</Typography>

          <Box component="section" aria-labelledby="skills-title">
            <Typography component="h2" id="skills-title" sx={headingSx}>
              {contentMessages.portfolio.skills}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {author.skills.map((skill) => (
                <Box component="li" key={skill} sx={{ px: 1.75, py: 0.75, borderRadius: 5, bgcolor: 'highlight.bg', border: '1px solid', borderColor: 'highlight.border', fontWeight: 700, fontSize: '0.92rem' }}>
                  {skill}
                </Box>
              ))}
            </Box>
          </Box>

          <Box component="section" aria-labelledby="author-contact-title">
            <Typography component="h2" id="author-contact-title" sx={headingSx}>
              {contentMessages.portfolio.contact}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              <li>
                <ButtonLink to={`mailto:${author.email}`} tone="primary">
                  <EmailOutlinedIcon fontSize="small" aria-hidden="true" />
                  {contentMessages.portfolio.emailMe}
                </ButtonLink>
              </li>
              {author.links.map((link) => (
                <li key={link.href}>
                  <ButtonLink to={link.href} tone="outlined" target="_blank" rel="noopener noreferrer" aria-label={contentMessages.portfolio.onNetwork(link.label)}>
                    {NETWORK_ICONS[link.network]}
                    {link.label}
                  </ButtonLink>
                </li>
              ))}
            </Box>
          </Box>
        </Box>
      </Box>
    </Container>
  );
}
