import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { messages } from '@/config/messages';
import { preloadable } from '@/lib/preloadable';
import { Header } from './header';
import { MAIN_ID, RouteAnnouncer } from './route-announcer';

const Footer = preloadable(() => import('./footer'));

/** The footer is in the server's HTML: the prerender step, and main.tsx before replacing the product page, load its code first. */
export const preloadFooter = () => Footer.preload();

/** Holds the footer's place (same colour, similar height) until its code arrives. */
const footerPlaceholder = <Box aria-hidden="true" sx={{ bgcolor: 'secondary.main', minHeight: { xs: 560, md: 340 } }} />;

/**
 * Header, the page, footer; with a skip link for keyboard users, and the
 * live region that announces each new page's title (RouteAnnouncer). The banner
 * (if any) comes after all of it and sticks to the bottom of the window: it
 * appears once the account is known, after the page's first paint, and in
 * that place it moves nothing that is already drawn (no layout shift).
 */
export function MainLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Box
          component="a"
          href={`#${MAIN_ID}`}
          sx={{
            position: 'absolute',
            left: 8,
            top: -100,
            zIndex: 2000,
            p: 1.5,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            borderRadius: 1,
            '&:focus': { top: 8 },
          }}
        >
          {messages.nav.skipToContent}
        </Box>
        <Header />
        <RouteAnnouncer />
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
          {children}
        </Box>
        <LazyOnVisible fallback={footerPlaceholder} rootMargin="600px 0px" prerendered>
          <Footer />
        </LazyOnVisible>
      </Box>
      {banner}
    </>
  );
}
