import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { classNames } from '@/components/ui/class-names';
import container from '@/components/ui/container.module.css';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { withMui } from '@/lib/with-mui';
import { CartBadge } from './cart-badge';
import s from './header.module.css';
import { HeaderSearch } from './header-search';
import { MenuIcon } from './menu-icon';
import { NavLinks } from './nav-links';
import { StoreLogo } from './store-logo';

/** The drawer is MUI's: its code, and MUI's, load when the menu is first reached for. */
const loadMobileMenu = withMui(() => import('./mobile-menu'));
const MobileMenu = lazy(loadMobileMenu);

/** The site's header, drawn without MUI (it is on the first load of every page). */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mount the drawer only once it has been asked for; keep it mounted so it can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);

  const openMenu = () => {
    setMenuWanted(true);
    setMenuOpen(true);
  };

  return (
    <header className={s.header}>
      <div className={classNames(container.lg, s.bar)}>
        <RouterLink to={paths.home} className={s.brand}>
          <StoreLogo />
          <span className={s.name}>{site.storeName}</span>
        </RouterLink>

        <div className={s.search}>
          <HeaderSearch />
        </div>

        <nav aria-label={messages.nav.mainLabel} className={s.nav}>
          <NavLinks direction="row" />
        </nav>

        <CartBadge />

        <button
          type="button"
          className={s.menuToggle}
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
        </button>
      </div>

      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
