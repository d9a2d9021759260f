import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { categoryMessages } from '@/config/category-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { CategoriesAdmin } from '@/features/catalogue/components/categories-admin';

/** /dashboard/categories (admins): the catalogue's categories. */
export default function CategoriesPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.categories} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.categories}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {categoryMessages.admin.subtitle}
      </Typography>
      <CategoriesAdmin />
    </Box>
  );
}
