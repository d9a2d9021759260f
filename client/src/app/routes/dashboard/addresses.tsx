import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { addressMessages } from '@/config/address-messages';
import { site } from '@/config/site';
import { AddressBook } from '@/features/addresses/components/address-book';

export default function AddressesPage() {
  return (
    <Box>
      <title>{`${addressMessages.title} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {addressMessages.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {addressMessages.subtitle}
      </Typography>
      <AddressBook />
    </Box>
  );
}
