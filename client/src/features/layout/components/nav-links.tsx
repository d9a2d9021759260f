import type { CSSProperties } from 'react';
import { Link as RouterLink, useLocation, useNavigate, type LinkProps } from 'react-router';
import { classNames } from '@/components/ui/class-names';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { clearAccessToken, useIsSignedIn } from '@/lib/auth-token';
import { isNavItemActive, visibleNavItems } from './nav-items';
import s from './nav-links.module.css';

/** The house rule for the current page's link. */
export const ACTIVE_LINK_STYLE: CSSProperties = { border: '2px solid black' };

/** A header link (the cart badge is one too). */
export function NavAnchor({ className, ...props }: LinkProps) {
  return <RouterLink {...props} className={classNames(s.item, className)} />;
}

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
    <ul className={classNames(s.list, s[direction])}>
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
          <button type="button" className={s.item} onClick={signOut}>
            {messages.nav.signOut}
          </button>
        </li>
      )}
    </ul>
  );
}
