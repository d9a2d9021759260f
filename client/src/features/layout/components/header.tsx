import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { CartBadge } from './cart-badge';
import { HeaderSearch } from './header-search';
import { MenuIcon } from './menu-icon';
import { NavLinks } from './nav-links';
import { StoreLogo } from './store-logo';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);

const MenuToggle = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  color: theme.palette.text.primary,
  background: 'none',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(20,24,29,.06)' },
  [theme.breakpoints.up('md')]: { display: 'none' },
}));

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mount the drawer only once it has been asked for; keep it mounted so it can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);

  const openMenu = () => {
    setMenuWanted(true);
    setMenuOpen(true);
  };

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'rgba(255,255,255,.97)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: { xs: 64, md: 72 } }}>
        <Box
          component={RouterLink}
          to={paths.home}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'text.primary',
            textDecoration: 'none',
            mr: 'auto',
            borderRadius: 1,
          }}
        >
          <StoreLogo />
          <Typography component="span" sx={{ fontWeight: 900, fontSize: { xs: '1.05rem', sm: '1.2rem' }, letterSpacing: '-0.01em' }}>
            {site.storeName}
          </Typography>
        </Box>

        {/* On small screens the search is in the drawer. */}
        <Box sx={{ display: { xs: 'none', md: 'block' }, flex: '0 1 280px', minWidth: 150 }}>
          <HeaderSearch />
        </Box>

        <Box component="nav" aria-label={messages.nav.mainLabel} sx={{ display: { xs: 'none', md: 'block' } }}>
          <NavLinks direction="row" />
        </Box>

        <CartBadge />

        <MenuToggle
          type="button"
          aria-label={messages.nav.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={openMenu}
          // Start fetching the drawer's code as soon as the user reaches for the button.
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onTouchStart={() => void loadMobileMenu()}
        >
          <MenuIcon />
        </MenuToggle>
      </Container>

      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
