import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { reviewMessages } from '@/config/review-messages';
import { site } from '@/config/site';
import { ReviewModeration } from '@/features/reviews/components/review-moderation';

export default function ReviewsPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.reviews} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.reviews}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {reviewMessages.moderation.subtitle}
      </Typography>
      <ReviewModeration />
    </Box>
  );
}
