import type { ReactNode } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { messages } from '@/config/messages';
import { preloadable } from '@/lib/preloadable';
import { Header } from './header';
import s from './main-layout.module.css';
import { MAIN_ID, RouteAnnouncer } from './route-announcer';

const Footer = preloadable(() => import('./footer'));

/** The footer is in the server's HTML: the prerender step, and main.tsx before replacing the product page, load its code first. */
export const preloadFooter = () => Footer.preload();

/** Holds the footer's place (same colour, similar height) until its code arrives. */
const footerPlaceholder = <div aria-hidden="true" className={s.footerPlaceholder} />;

/**
 * Header, the page, footer; with a skip link for keyboard users, and the
 * live region that announces each new page's title (RouteAnnouncer). The banner
 * (if any) comes after all of it and sticks to the bottom of the window: it
 * appears once the account is known, after the page's first paint, and in
 * that place it moves nothing that is already drawn (no layout shift).
 * Drawn without MUI: it is on the first load of every page.
 */
export function MainLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <>
      <div className={s.page}>
        <a href={`#${MAIN_ID}`} className={s.skipLink}>
          {messages.nav.skipToContent}
        </a>
        <Header />
        <RouteAnnouncer />
        <main id={MAIN_ID} tabIndex={-1} className={s.main}>
          {children}
        </main>
        <LazyOnVisible fallback={footerPlaceholder} rootMargin="600px 0px" prerendered>
          <Footer />
        </LazyOnVisible>
      </div>
      {banner}
    </>
  );
}
