import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { messages } from '@/config/messages';
import { site } from '@/config/site';
import { HeaderSearch } from './header-search';
import { NavLinks } from './nav-links';

export const MOBILE_MENU_ID = 'site-menu';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
}

/** The small-screen menu: a drawer with the header's links. Loaded on first use (Drawer is not small). */
export default function MobileMenu({ open, onClose }: MobileMenuProps) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': messages.nav.drawerLabel, sx: { width: 'min(300px, 85vw)', p: 2 } } }}>
      <Box id={MOBILE_MENU_ID} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography component="span" sx={{ fontWeight: 900 }}>
          {site.storeName}
        </Typography>
        <IconButton aria-label={messages.nav.closeMenu} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ mb: 2 }}>
        <HeaderSearch onSearch={onClose} />
      </Box>
      <Box component="nav" aria-label={messages.nav.drawerLabel}>
        <NavLinks direction="column" onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
