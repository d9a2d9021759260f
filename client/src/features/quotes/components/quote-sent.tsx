import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';

const m = serviceMessages.quoteList;

/** The request just sent: its number, and the ways on (My Quotes, the products). */
export function QuoteSent({ number }: { number: number }) {
  return (
    <Box
      role="status"
      data-testid="quote-sent"
      sx={{
        display: 'grid',
        gap: 1.5,
        p: { xs: 2.5, sm: 3 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderLeft: '6px solid',
        borderLeftColor: 'success.main',
        borderRadius: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <CheckCircleOutlineIcon aria-hidden="true" sx={{ color: 'success.main', mt: 0.25 }} />
        <Box>
          <Typography sx={{ fontWeight: 800 }}>{m.sentTitle(number)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {m.sentText}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ButtonLink to={paths.dashboard.myQuotes} tone="secondary" size="small">
          {m.viewMyQuotes}
        </ButtonLink>
        <ButtonLink to={paths.products} tone="outlined" size="small">
          {m.browseProducts}
        </ButtonLink>
      </Box>
    </Box>
  );
}
