import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { accountMessages } from '@/config/account-messages';
import { endSession } from '@/lib/auth';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { AccountSession } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useEndSession, useSessions } from '../api/sessions';

const m = accountMessages.account;

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A session's device as a person names it: "Chrome on Linux". */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (userAgent.trim().slice(0, 60) || m.unknownDevice);
}

const when = (iso: string) => formatDate(iso, { time: true });

function SessionRow({ session }: { session: AccountSession }) {
  const toast = useToast();
  const end = useEndSession();
  const device = deviceName(session.userAgent);
  const onEnd = () =>
    end.mutate(session._id, {
      onSuccess: () => {
        if (session.current) endSession('signed-out');
        else toast.success(m.sessionEnded);
      },
      onError: (error) => toast.error(withReason(m.endFailed, error)),
    });
  return (
    <Box
      component="li"
      data-testid="session-row"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="div" sx={{ fontWeight: 700, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {device}
          {session.current && <Chip size="small" color="success" label={m.thisDevice} />}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {m.signedInAt(when(session.createdAt))}, {m.lastUsed(when(session.lastUsedAt))}
          {session.ip ? `, ${m.fromAddress(session.ip)}` : ''}
        </Typography>
      </Box>
      <Button
        type="button"
        variant="outlined"
        color="secondary"
        onClick={onEnd}
        loading={end.isPending}
        aria-label={m.endSessionLabel(device, when(session.createdAt))}
        sx={{ minHeight: 44 }}
      >
        {m.endSession}
      </Button>
    </Box>
  );
}

/** The account's signed-in devices (issue 44), newest first; each can be signed out. */
export function SessionsList() {
  const sessions = useSessions();
  if (sessions.isError) return <ErrorMessage onRetry={() => void sessions.refetch()}>{withReason(m.devicesFailed, sessions.error)}</ErrorMessage>;
  if (!sessions.data) return <LoadingSpinner />;
  return (
    <Box component="ul" aria-label={m.devicesLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sessions.data.map((session) => (
        <SessionRow key={session._id} session={session} />
      ))}
    </Box>
  );
}
