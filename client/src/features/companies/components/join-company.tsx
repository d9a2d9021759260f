import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { companyMessages } from '@/config/company-messages';
import { paths } from '@/config/paths';
import { withReason } from '@/lib/form-errors';
import type { Company } from '@/types/api';
import { useAcceptInvitation } from '../api/company-changes';

const m = companyMessages.join;

/** The invitation's page: the signed-in invitee accepts once; the link is spent when it worked. */
export function JoinCompany({ token, onUsed }: { token: string; onUsed: () => void }) {
  const accept = useAcceptInvitation();
  const [joined, setJoined] = useState<Company | null>(null);
  if (joined) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography role="status" data-testid="joined">
          {m.joined(joined.name, companyMessages.roles[joined.role ?? 'buyer'] ?? '')}
        </Typography>
        <ButtonLink to={paths.dashboard.company} tone="primary">
          {m.toCompany}
        </ButtonLink>
      </Box>
    );
  }
  if (!token) return <ErrorMessage>{m.noToken}</ErrorMessage>;
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      {accept.isError && <ErrorMessage>{withReason(m.failed, accept.error)}</ErrorMessage>}
      <Button
        variant="contained"
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            { token },
            {
              onSuccess: (company) => {
                setJoined(company);
                onUsed();
              },
            },
          )
        }
      >
        {m.accept}
      </Button>
    </Box>
  );
}
