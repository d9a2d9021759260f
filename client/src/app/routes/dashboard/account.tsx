import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { accountMessages } from '@/config/account-messages';
import { site } from '@/config/site';
import { AccountSettings } from '@/features/auth/components/account-settings';

const m = accountMessages.account;

/** /dashboard/account: verify again, two-step sign-in, change password, sessions, delete the account. */
export default function AccountPage() {
  const state = useLocation().state as { notice?: string } | null;
  return (
    <Box>
      <title>{`${m.title} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {m.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {m.subtitle}
      </Typography>
      <AccountSettings mfaNotice={state?.notice === 'mfa-required'} />
    </Box>
  );
}
