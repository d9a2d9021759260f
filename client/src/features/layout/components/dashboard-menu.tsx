import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import ReviewsOutlinedIcon from '@mui/icons-material/ReviewsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { dashboardMessages } from '@/config/dashboard-messages';
import { paths } from '@/config/paths';
import type { User } from '@/types/api';

const d = paths.dashboard;

export interface DashboardMenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Other paths that show the same screen (the dashboard's index shows My Profile). */
  aliases?: readonly string[];
  /** Hidden from admins (the spec: admins do not write reviews). */
  customersOnly?: boolean;
  /** Also current on the pages under it (`/dashboard/outbox/:id`). */
  nested?: boolean;
}

export const ACCOUNT_ITEMS: readonly DashboardMenuItem[] = [
  { to: d.myProfile, label: dashboardMessages.myProfile, icon: <PersonOutlineIcon />, aliases: [d.root] },
  { to: d.myOrder, label: dashboardMessages.myOrder, icon: <ReceiptLongOutlinedIcon /> },
  { to: d.myQuotes, label: dashboardMessages.myQuotes, icon: <RequestQuoteOutlinedIcon />, customersOnly: true },
  { to: d.myClaims, label: dashboardMessages.myClaims, icon: <AssignmentReturnOutlinedIcon />, customersOnly: true },
  { to: d.addReview, label: dashboardMessages.addReview, icon: <RateReviewOutlinedIcon />, customersOnly: true },
  { to: d.company, label: dashboardMessages.myCompany, icon: <BusinessOutlinedIcon />, customersOnly: true },
  { to: d.account, label: dashboardMessages.account, icon: <ManageAccountsOutlinedIcon /> },
];

export const ADMIN_ITEMS: readonly DashboardMenuItem[] = [
  { to: d.addProduct, label: dashboardMessages.addProduct, icon: <AddBoxOutlinedIcon /> },
  { to: d.manageOrder, label: dashboardMessages.manageOrder, icon: <LocalShippingOutlinedIcon /> },
  { to: d.manageProduct, label: dashboardMessages.manageProduct, icon: <Inventory2OutlinedIcon /> },
  { to: d.categories, label: dashboardMessages.categories, icon: <CategoryOutlinedIcon /> },
  { to: d.shipping, label: dashboardMessages.shipping, icon: <LocalShippingOutlinedIcon /> },
  { to: d.makeAdmin, label: dashboardMessages.makeAdmin, icon: <AdminPanelSettingsOutlinedIcon /> },
  { to: d.inbox, label: dashboardMessages.inbox, icon: <InboxOutlinedIcon /> },
  { to: d.sales, label: dashboardMessages.sales, icon: <InsightsOutlinedIcon /> },
  { to: d.quotes, label: dashboardMessages.quotes, icon: <RequestQuoteOutlinedIcon /> },
  { to: d.claims, label: dashboardMessages.claims, icon: <AssignmentReturnOutlinedIcon /> },
  { to: d.outbox, label: dashboardMessages.outbox, icon: <ForwardToInboxOutlinedIcon />, nested: true },
  { to: d.reviews, label: dashboardMessages.reviews, icon: <ReviewsOutlinedIcon /> },
  { to: d.notifications, label: dashboardMessages.notifications, icon: <NotificationsOutlinedIcon /> },
  { to: d.audit, label: dashboardMessages.audit, icon: <FactCheckOutlinedIcon /> },
  { to: d.company, label: dashboardMessages.companies, icon: <BusinessOutlinedIcon /> },
  { to: d.taxExemptions, label: dashboardMessages.taxExemptions, icon: <VerifiedUserOutlinedIcon /> },
];

/** The menu entries this user sees: admin entries only for admins, Add Review only for customers. */
export function dashboardMenuItems(isAdmin: boolean): { account: DashboardMenuItem[]; admin: DashboardMenuItem[] } {
  return {
    account: ACCOUNT_ITEMS.filter((item) => !(isAdmin && item.customersOnly)),
    admin: isAdmin ? [...ADMIN_ITEMS] : [],
  };
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isMenuItemActive(item: DashboardMenuItem, pathname: string): boolean {
  const path = normalize(pathname);
  return [item.to, ...(item.aliases ?? [])].includes(path) || (item.nested === true && path.startsWith(`${item.to}/`));
}

/** The label of the screen at `pathname`, for the small-screen bar: of the entries this user's menu shows (one path, /dashboard/company, is My Company to a customer and Companies to an admin). */
export function currentMenuLabel(pathname: string, isAdmin = false): string {
  const { account, admin } = dashboardMenuItems(isAdmin);
  return [...account, ...admin].find((item) => isMenuItemActive(item, pathname))?.label ?? dashboardMessages.title;
}

const MenuLink = styled(Link)(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 44,
  padding: '8px 12px',
  borderRadius: 8,
  color: theme.palette.text.primary,
  fontWeight: 600,
  textDecoration: 'none',
  '& svg': { fontSize: 22, color: theme.palette.text.secondary },
  '&:hover': { backgroundColor: 'rgba(245,179,1,.18)' },
  '&.active': { backgroundColor: theme.palette.secondary.main, color: theme.palette.secondary.contrastText },
  '&.active svg': { color: theme.palette.primary.main },
}));

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography
      id={id}
      component="h2"
      sx={{ fontWeight: 800, px: 1.5, pt: 2, pb: 0.75, fontSize: '0.75rem', letterSpacing: '0.12em', textTransform: 'uppercase', color: 'text.secondary' }}
    >
      {children}
    </Typography>
  );
}

function MenuList({ items, labelledBy, onNavigate }: { items: DashboardMenuItem[]; labelledBy: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {items.map((item) => {
        const active = isMenuItemActive(item, pathname);
        return (
          <li key={item.to}>
            <MenuLink to={item.to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
              {item.icon}
              {item.label}
            </MenuLink>
          </li>
        );
      })}
    </Box>
  );
}

interface DashboardMenuProps {
  user: User | undefined;
  isAdmin: boolean;
  /** Called after a link is followed (the small-screen drawer closes itself with it). */
  onNavigate?: () => void;
  /** Distinguishes the ids of the two copies of the menu (permanent and small-screen). */
  idPrefix: string;
}

/** The dashboard's side menu: who is signed in, their sections, and the admin sections for admins. */
export function DashboardMenu({ user, isAdmin, onNavigate, idPrefix }: DashboardMenuProps) {
  const { account, admin } = dashboardMenuItems(isAdmin);
  return (
    <Box component="nav" aria-label={dashboardMessages.menuLabel}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, pt: 0.5, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Avatar sx={{ width: 44, height: 44, bgcolor: isAdmin ? 'secondary.main' : 'primary.main', color: isAdmin ? 'common.white' : 'primary.contrastText', fontWeight: 800 }} aria-hidden="true">
          {user ? (user.name || user.email).charAt(0).toUpperCase() : ''}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {user ? (
            <>
              <Typography sx={{ fontWeight: 800, lineHeight: 1.3 }} noWrap title={user.name}>
                {user.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={user.email}>
                {user.email}
              </Typography>
              <Box
                component="span"
                sx={{
                  display: 'inline-block',
                  mt: 0.5,
                  px: 0.75,
                  py: 0.125,
                  borderRadius: 1,
                  fontSize: '0.68rem',
                  fontWeight: 800,
                  letterSpacing: '0.06em',
                  textTransform: 'uppercase',
                  ...(isAdmin ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : { bgcolor: 'surface.muted', color: 'text.secondary' }),
                }}
              >
                {isAdmin ? dashboardMessages.roleAdmin : dashboardMessages.roleCustomer}
              </Box>
            </>
          ) : (
            <>
              <Skeleton width="70%" />
              <Skeleton width="90%" />
            </>
          )}
        </Box>
      </Box>
      <SectionTitle id={`${idPrefix}-account`}>{dashboardMessages.accountSection}</SectionTitle>
      <MenuList items={account} labelledBy={`${idPrefix}-account`} onNavigate={onNavigate} />
      {admin.length > 0 && (
        <>
          <SectionTitle id={`${idPrefix}-admin`}>{dashboardMessages.adminSection}</SectionTitle>
          <MenuList items={admin} labelledBy={`${idPrefix}-admin`} onNavigate={onNavigate} />
        </>
      )}
    </Box>
  );
}
