import Box from '@mui/material/Box';
import { styled, type Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { clearAccessToken, useIsSignedIn } from '@/lib/auth-token';
import { isNavItemActive, visibleNavItems } from './nav-items';

/** The house rule for the current page's link. */
export const ACTIVE_LINK_STYLE: CSSProperties = { border: '2px solid black' };

const navItemStyles = ({ theme }: { theme: Theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: '6px 14px',
  borderRadius: 8,
  border: '2px solid transparent',
  font: 'inherit',
  fontWeight: 700,
  fontSize: '0.95rem',
  color: theme.palette.text.primary,
  background: 'none',
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  '&:hover': { backgroundColor: 'rgba(245,179,1,.18)' },
}) as const;

/** A header link (the cart badge is one too). */
export const NavAnchor = styled(RouterLink)(navItemStyles);
const NavButton = styled('button')(navItemStyles);

interface NavLinksProps {
  direction: 'row' | 'column';
  /** Called after any link or Sign Out is activated (the drawer closes itself with it). */
  onNavigate?: () => void;
}

/** The site links, by sign-in state: Home, Portfolio, Blog, then Dashboard + Sign Out or Login. */
export function NavLinks({ direction, onNavigate }: NavLinksProps) {
  // The token is the session: a 401 from any call drops it (api-client), and this follows.
  const signedIn = useIsSignedIn();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const signOut = () => {
    clearAccessToken('signed-out'); // SessionSync then drops the user's cached data
    onNavigate?.();
    void navigate(paths.home);
  };

  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'flex',
        flexDirection: direction,
        alignItems: direction === 'row' ? 'center' : 'stretch',
        gap: direction === 'row' ? 0.5 : 1,
        ...(direction === 'column' && { '& a, & button': { width: '100%' } }),
      }}
    >
      {visibleNavItems(signedIn).map((item) => {
        const active = isNavItemActive(item, pathname);
        return (
          <li key={item.to}>
            <NavAnchor
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              style={active ? ACTIVE_LINK_STYLE : undefined}
            >
              {item.label}
            </NavAnchor>
          </li>
        );
      })}
      {signedIn && (
        <li>
          <NavButton type="button" onClick={signOut}>
            {messages.nav.signOut}
          </NavButton>
        </li>
      )}
    </Box>
  );
}
