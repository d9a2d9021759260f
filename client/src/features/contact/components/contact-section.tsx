import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import type { ReactNode } from 'react';
import { contentMessages } from '@/config/content-messages';
import { site } from '@/config/site';
import { onDarkSurface, steelBackground } from '@/lib/theme';
import { ContactForm } from './contact-form';

const m = contentMessages.contact;

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        aria-hidden="true"
        sx={{ flexShrink: 0, width: 44, height: 44, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'secondary.main' }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box component="span" sx={{ display: 'block', fontSize: '0.8rem', fontWeight: 800, letterSpacing: '0.1em', textTransform: 'uppercase', color: 'textOnDark.muted' }}>
          {label}
        </Box>
        <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
    </Box>
  );
}

const linkSx = { color: 'common.white', textDecorationColor: 'rgba(255,255,255,.5)' } as const;

/** Contact: the store's details (site.ts) beside the message form. Lazy: below the fold. */
export default function ContactSection() {
  const { contact } = site;
  return (
    <Box component="section" id="contact" aria-labelledby="contact-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '5fr 7fr' },
            borderRadius: 3,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            boxShadow: '0 12px 32px rgba(20,24,29,.08)',
          }}
        >
          <Box
            sx={{
              p: { xs: 3, sm: 5 },
              color: 'common.white',
              ...onDarkSurface,
              background: (t) => steelBackground(t),
            }}
          >
            <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
              {m.eyebrow}
            </Typography>
            <Typography variant="h3" component="h2" id="contact-title" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' } }}>
              {m.title}
            </Typography>
            <Typography sx={{ color: 'textOnDark.muted', mt: 2, lineHeight: 1.7 }}>{m.subtitle}</Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 4, display: 'grid', gap: 2.5 }}>
              <Detail icon={<EmailOutlinedIcon />} label={m.email}>
                <Link href={`mailto:${contact.email}`} sx={linkSx}>
                  {contact.email}
                </Link>
              </Detail>
              <Detail icon={<PhoneOutlinedIcon />} label={m.phone}>
                <Link href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} sx={linkSx}>
                  {contact.phone}
                </Link>
              </Detail>
              <Detail icon={<LocationOnOutlinedIcon />} label={m.address}>
                <Box component="address" sx={{ fontStyle: 'normal' }}>
                  {contact.address}
                </Box>
              </Detail>
            </Box>
          </Box>
          <Box sx={{ p: { xs: 3, sm: 5 }, bgcolor: 'background.paper' }}>
            <Typography variant="h5" component="h3" sx={{ mb: 3, fontWeight: 800 }}>
              {m.formTitle}
            </Typography>
            <ContactForm />
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
