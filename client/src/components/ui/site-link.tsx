import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { mergeSx } from '@/lib/theme';

/** A text link: to a page of the site through the router (a path), or anywhere else (`https:`, `mailto:`) as a plain link. */
export function SiteLink({ href, sx, children }: { href: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return href.startsWith('/') ? (
    <Link component={RouterLink} to={href} sx={sx}>
      {children}
    </Link>
  ) : (
    <Link href={href} sx={sx}>
      {children}
    </Link>
  );
}

/** Links in a bare list (no bullets): a footer column, a document's related pages. */
export function SiteLinks({ links, sx, linkSx }: { links: readonly { href: string; label: string }[]; sx: SxProps<Theme>; linkSx: SxProps<Theme> }) {
  return (
    <Box component="ul" sx={mergeSx({ listStyle: 'none', p: 0, m: 0 }, sx)}>
      {links.map((link) => (
        <li key={link.label}>
          <SiteLink href={link.href} sx={linkSx}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </Box>
  );
}
