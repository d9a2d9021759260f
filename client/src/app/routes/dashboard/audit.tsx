import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { auditMessages } from '@/config/audit-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { AuditTrail } from '@/features/audit/components/audit-trail';

/** /dashboard/audit (admins): the audit trail. */
export default function AuditPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.audit} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.audit}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {auditMessages.subtitle}
      </Typography>
      <AuditTrail />
    </Box>
  );
}
