import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { profileMessages } from '@/config/profile-messages';
import { site } from '@/config/site';
import { AddReviewForm } from '@/features/reviews/components/add-review-form';

export default function AddReviewPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.addReview} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.addReview}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {profileMessages.reviewForm.subtitle}
      </Typography>
      <AddReviewForm />
    </Box>
  );
}
