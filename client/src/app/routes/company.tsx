import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { addressMessages } from '@/config/address-messages';
import { companyMessages } from '@/config/company-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { AddressBook } from '@/features/addresses/components/address-book';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { JoinCompany } from '@/features/companies/components/join-company';
import { ManageCompanies } from '@/features/companies/components/manage-companies';
import { MyCompany } from '@/features/companies/components/my-company';
import { useAdminStatus } from '@/lib/auth';
import { useOneUseToken } from '@/lib/one-use-token';

/**
 * /join?token=…: a company invitation's mailed link, for the signed-in invitee. The token leaves the
 * address bar at once and is kept for the tab until it was used.
 */
function JoinPage() {
  const { token, forget } = useOneUseToken('join:token');
  return <AuthLayout title={companyMessages.join.title} subtitle={companyMessages.join.subtitle} form={<JoinCompany token={token} onUsed={forget} />} />;
}

/** My Company's addresses (issue 45): the address book, the company's, for its company admins. */
function CompanyAddresses({ companyId }: { companyId: string }) {
  return (
    <Box component="section" aria-labelledby="company-addresses-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="company-addresses-title" variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {addressMessages.companyTitle}
      </Typography>
      <Typography color="text.secondary">{addressMessages.companyIntro}</Typography>
      <AddressBook companyId={companyId} />
    </Box>
  );
}

function DashboardPage({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <Box>
      <title>{`${title} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {subtitle}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The pages of companies (issue 45), one chunk and one route module for two paths, so that the first
 * load's router grows by as little as it can: /join, and /dashboard/company, which is My Company to a
 * customer and Companies (every application) to an admin (the server decides who sees what).
 */
export default function CompanyPages() {
  const { pathname } = useLocation();
  const admin = useAdminStatus().data;
  if (pathname === paths.join) return <JoinPage />;
  if (admin === undefined) return <LoadingSpinner />;
  if (admin) {
    return (
      <DashboardPage title={dashboardMessages.companies} subtitle={companyMessages.companiesSubtitle}>
        <ManageCompanies />
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title={dashboardMessages.myCompany} subtitle={companyMessages.myCompanySubtitle}>
      <MyCompany addresses={(id) => <CompanyAddresses companyId={id} />} />
    </DashboardPage>
  );
}
