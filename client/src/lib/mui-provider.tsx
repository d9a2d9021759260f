import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * MUI's theme around a part drawn with MUI: every page but `/`, and the parts
 * of any page that load later (the drawer, dialogs, toasts, the sections below
 * the fold). It loads with that part (withMui), so that the first load of `/`
 * has no MUI or emotion code. The page's baseline (what CssBaseline drew) is
 * src/styles/global.css, there before any of it.
 */
export default function MuiProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
