import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';

const MENU = [
  { to: paths.dashboard.root, label: messages.dashboard.overview, end: true },
  { to: paths.dashboard.myProfile, label: messages.dashboard.myProfile },
  { to: paths.dashboard.myOrder, label: messages.dashboard.myOrder },
  { to: paths.dashboard.addReview, label: messages.dashboard.addReview },
  { to: paths.dashboard.addProduct, label: messages.dashboard.addProduct },
  { to: paths.dashboard.manageOrder, label: messages.dashboard.manageOrder },
  { to: paths.dashboard.manageProduct, label: messages.dashboard.manageProduct },
  { to: paths.dashboard.makeAdmin, label: messages.dashboard.makeAdmin },
] as const;

const MenuLink = styled(NavLink)(({ theme }) => ({
  display: 'block',
  padding: '10px 14px',
  borderRadius: 8,
  color: theme.palette.text.primary,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '&:hover': { backgroundColor: 'rgba(245,179,1,.18)' },
  '&.active': { backgroundColor: theme.palette.secondary.main, color: theme.palette.secondary.contrastText },
  '&:focus-visible': { outline: '3px solid #0b5cad', outlineOffset: 2 },
}));

/** The dashboard shell: a side menu of its sections and the current section. */
export default function DashboardLayout() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}>
        <Box
          component="nav"
          aria-label={messages.dashboard.menuLabel}
          sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
        >
          <Typography component="h2" sx={{ fontWeight: 800, px: 1.5, pb: 1, fontSize: '0.8rem', letterSpacing: '0.12em', textTransform: 'uppercase', color: 'text.secondary' }}>
            {messages.dashboard.title}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: { xs: 'flex', md: 'grid' }, overflowX: 'auto', gap: 0.5 }}>
            {MENU.map((item) => (
              <li key={item.to}>
                <MenuLink to={item.to} end={'end' in item ? item.end : false}>
                  {item.label}
                </MenuLink>
              </li>
            ))}
          </Box>
        </Box>
        <Box sx={{ '& > .MuiContainer-root': { px: 0, py: { xs: 1, md: 0 } } }}>
          <Suspense fallback={<LoadingSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Container>
  );
}
