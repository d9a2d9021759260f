import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';

const m = serviceMessages.quoteList;

/** /quote with nothing on the quote list: what it is for, and the way to the products. */
export function EmptyQuoteList() {
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 700 }}>{m.empty}</Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {m.emptyHint}
      </Typography>
      <ButtonLink to={paths.products} tone="primary" style={{ marginTop: 16 }}>
        {m.browseProducts}
      </ButtonLink>
    </Box>
  );
}
