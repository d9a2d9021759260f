import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { accountMessages } from '@/config/account-messages';
import { addressMessages } from '@/config/address-messages';
import { site } from '@/config/site';
import { AddressBook } from '@/features/addresses/components/address-book';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { TaxExemptionSection } from '@/features/tax-exemption/components/tax-exemption-section';
import { taxExemptionMessages } from '@/config/tax-exemption-messages';

const m = accountMessages.account;

/** /dashboard/account: the address book and tax exemption (issue 49), verify again, two-step sign-in, change password, sessions, delete the account. */
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
      <Box component="section" id="addresses" aria-labelledby="addresses-title" sx={{ mt: 3, mb: 4, display: 'grid', gap: 1 }}>
        <Typography id="addresses-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {addressMessages.title}
        </Typography>
        <Typography color="text.secondary">{addressMessages.subtitle}</Typography>
        <AddressBook />
      </Box>
      <Box component="section" id="tax-exemption" aria-labelledby="tax-exemption-title" sx={{ mb: 4, display: 'grid', gap: 1 }}>
        <Typography id="tax-exemption-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {taxExemptionMessages.title}
        </Typography>
        <Typography color="text.secondary">{taxExemptionMessages.subtitle}</Typography>
        <TaxExemptionSection />
      </Box>
      <AccountSettings mfaNotice={state?.notice === 'mfa-required'} />
    </Box>
  );
}
