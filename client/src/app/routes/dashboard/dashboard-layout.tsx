import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PlainButton } from '@/components/ui/button-link';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { dashboardMessages } from '@/config/dashboard-messages';
import { currentMenuLabel, DashboardMenu } from '@/features/layout/components/dashboard-menu';
import { useAdminStatus, useSession } from '@/lib/auth';

const DRAWER_WIDTH = 264;
const SMALL_MENU_ID = 'dashboard-menu-drawer';

/**
 * The dashboard shell: a permanent side menu on wide screens, a drawer opened
 * from a menu button on small ones, and the current section.
 */
export default function DashboardLayout() {
  const { user } = useSession();
  const adminStatus = useAdminStatus();
  // Until the admin check answers, the role GET /auth/me reported (read from the store too).
  const isAdmin = adminStatus.data ?? user?.role === 'admin';
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 } }}>
      {/* Fits at 360 px: a short button that never wraps, and the section's name beside it, wrapping by words rather than cut off. */}
      <Box
        sx={{
          display: { xs: 'flex', md: 'none' },
          alignItems: 'center',
          gap: 1.5,
          mb: 2,
          p: 1,
          pr: 1.5,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        <PlainButton
          type="button"
          tone="secondary"
          size="medium"
          onClick={() => setMenuOpen(true)}
          aria-label={dashboardMessages.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? SMALL_MENU_ID : undefined}
          style={{ flexShrink: 0, whiteSpace: 'nowrap', paddingLeft: 14, paddingRight: 16 }}
        >
          <MenuOpenIcon fontSize="small" />
          {dashboardMessages.openMenuShort}
        </PlainButton>
        <Box sx={{ minWidth: 0, flexGrow: 1, lineHeight: 1.25 }}>
          <Typography component="span" variant="overline" sx={{ display: 'block', lineHeight: 1.4, color: 'text.secondary' }}>
            {dashboardMessages.title}
          </Typography>
          <Typography component="span" data-testid="dashboard-current" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.25, overflowWrap: 'break-word' }}>
            {currentMenuLabel(pathname, isAdmin)}
          </Typography>
        </Box>
      </Box>

      <Drawer
        variant="temporary"
        open={menuOpen}
        onClose={close}
        sx={{ display: { md: 'none' } }}
        slotProps={{ paper: { id: SMALL_MENU_ID, 'aria-label': dashboardMessages.menuLabel, sx: { width: `min(${DRAWER_WIDTH + 36}px, 86vw)`, p: 2 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography component="span" sx={{ fontWeight: 900 }}>
            {dashboardMessages.title}
          </Typography>
          <IconButton aria-label={dashboardMessages.closeMenu} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <DashboardMenu user={user} isAdmin={isAdmin} onNavigate={close} idPrefix="dashboard-drawer" />
      </Drawer>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${DRAWER_WIDTH}px minmax(0, 1fr)` }, gap: { md: 4 } }}>
        <Drawer
          variant="permanent"
          sx={{ display: { xs: 'none', md: 'block' } }}
          slotProps={{
            paper: {
              // In the page's flow, at its full height: an admin's menu is taller than a 900 px window, and a
              // sticky menu scrolled inside itself with no cue, hiding its last links (issue 47).
              sx: {
                position: 'static',
                zIndex: 'auto',
                width: DRAWER_WIDTH,
                height: 'auto',
                overflow: 'visible',
                p: 1.5,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
              },
            },
          }}
        >
          <DashboardMenu user={user} isAdmin={isAdmin} idPrefix="dashboard-side" />
        </Drawer>
        <Box sx={{ minWidth: 0, '& > .MuiContainer-root': { px: 0, py: { xs: 1, md: 0 } } }}>
          <Suspense fallback={<LoadingSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Container>
  );
}
