import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ButtonLink } from '@/components/ui/button-link';
import { SteelPanel } from '@/components/ui/steel-panel';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import bannerImage from '@/assets/banner-machinery.svg';

function CheckIcon() {
  const { palette } = useTheme();
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill={palette.primary.main} />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke={palette.text.primary} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The hero: the replacement promise, a call to action and the drawn illustration. */
export function Banner() {
  const { banner } = site;
  return (
    <SteelPanel component="section" id="warranty" aria-labelledby="banner-title" stripe="hero" sx={{ overflow: 'hidden' }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.05fr 1fr' },
          alignItems: 'center',
          gap: { xs: 3, md: 6 },
          pt: { xs: 5, md: 9 },
          pb: { xs: 6, md: 10 },
        }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontSize: '0.8rem' }}>
            {banner.eyebrow}
          </Typography>
          <Typography
            variant="h1"
            id="banner-title"
            sx={{ fontSize: { xs: '2.15rem', sm: '2.75rem', md: '3.4rem' }, lineHeight: 1.08, mt: 1 }}
          >
            {banner.title}
          </Typography>
          <Typography sx={{ mt: 2.5, color: 'textOnDark.muted', fontSize: { xs: '1rem', md: '1.125rem' }, lineHeight: 1.7, maxWidth: 560 }}>
            {banner.text}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 4 }}>
            <ButtonLink to={paths.products} tone="primary" size="large">
              {banner.cta}
            </ButtonLink>
            <ButtonLink to={`tel:${site.contact.phone.replace(/[^+\d]/g, '')}`} tone="outlined-light" size="large">
              {site.contact.phone}
            </ButtonLink>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 4, display: 'flex', flexWrap: 'wrap', gap: { xs: 1.25, sm: 3 } }}>
            {banner.highlights.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, fontSize: '0.95rem' }}>
                <CheckIcon />
                {item}
              </Box>
            ))}
          </Box>
        </Box>
        <Box sx={{ maxWidth: { xs: 420, md: 'none' }, width: '100%', mx: 'auto' }}>
          {/* Decorative (the heading carries the message); drawn by the project, an SVG file so it stays out of the JS. */}
          <Box
            component="img"
            src={bannerImage}
            alt=""
            width={560}
            height={420}
            fetchPriority="high"
            decoding="async"
            sx={{ display: 'block', width: '100%', height: 'auto' }}
          />
        </Box>
      </Container>
    </SteelPanel>
  );
}
