import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { ReactNode } from 'react';
import { authMessages } from '@/config/auth-messages';
import { site } from '@/config/site';
import { SteelPanel } from '@/components/ui/steel-panel';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** Why the user is here (e.g. their session ended), shown above the form. */
  notice?: string | null;
  /** The email/password form. */
  form: ReactNode;
  /** Continue with Google; the pages without it (forgot and reset password) have no "OR". */
  alternative?: ReactNode;
  /** The link to the other sign-in page (or back to it). */
  footer?: ReactNode;
}

/** The frame of /login and /register: the store's promise on the left (wide screens), the form on the right. */
export function AuthLayout({ title, subtitle, notice, form, alternative, footer }: AuthLayoutProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <title>{`${title} | ${site.storeName}`}</title>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
          overflow: 'hidden',
          boxShadow: '0 12px 32px rgba(20,24,29,.08)',
        }}
      >
        <Box
          component={SteelPanel}
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            gap: 4,
            p: 5,
          }}
        >
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
              {site.storeName}
            </Typography>
            <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.6rem', lineHeight: 1.2, mt: 1 }}>
              {authMessages.asideTitle}
            </Typography>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5 }}>
            {site.banner.highlights.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, fontWeight: 600, color: 'textOnDark.emphasis' }}>
                <CheckCircleIcon sx={{ color: 'primary.main' }} fontSize="small" aria-hidden="true" />
                {item}
              </Box>
            ))}
          </Box>
        </Box>

        <Box sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 3, alignContent: 'start' }}>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.75 }}>
              {subtitle}
            </Typography>
          </Box>
          {notice && (
            <Alert severity="info" variant="outlined">
              {notice}
            </Alert>
          )}
          {form}
          {alternative && (
            <>
              <Divider sx={{ color: 'text.secondary', fontSize: '0.8rem', fontWeight: 700, letterSpacing: '0.12em' }}>{authMessages.or}</Divider>
              {alternative}
            </>
          )}
          {footer && <Typography sx={{ textAlign: 'center', color: 'text.secondary' }}>{footer}</Typography>}
        </Box>
      </Box>
    </Container>
  );
}
