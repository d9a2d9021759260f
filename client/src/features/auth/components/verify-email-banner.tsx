import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useRef, useState } from 'react';
import { accountMessages } from '@/config/account-messages';
import { useSession } from '@/lib/auth';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useResendVerification } from '../api/resend-verification';

const m = accountMessages.banner;

/** "Send the link again", with its toasts: the banner's and the Account page's. */
export function useSendVerificationAgain(email: string) {
  const toast = useToast();
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(accountMessages.account.sent(email)),
      onError: (error) => toast.error(withReason(accountMessages.account.sendFailed, error)),
    });
  return { send, pending: resend.isPending };
}

/**
 * Until the address is verified (the account can browse, keep a profile and
 * order meanwhile), every page says so in a bar at the bottom of the window,
 * with the link sent again on request. Nothing for a verified account, or
 * until it is known. The bar comes after the page (MainLayout) and sticks:
 * arriving after the first paint, it moves nothing already drawn; the page
 * keeps its height clear of it when it scrolls a control into view.
 */
export default function VerifyEmailBanner() {
  const { user } = useSession();
  const [hidden, setHidden] = useState(() => readHidden());
  if (!user || user.emailVerified !== false || hidden === user.email) return null;
  return (
    <Banner
      email={user.email}
      onHide={() => {
        keepHidden(user.email);
        setHidden(user.email);
      }}
    />
  );
}

/** Hidden for this tab's session (the Account page still says it and sends the link); sessionStorage, by address. */
const HIDDEN_KEY = 'verify-banner:hidden';
function readHidden(): string {
  try {
    return window.sessionStorage.getItem(HIDDEN_KEY) ?? '';
  } catch {
    return '';
  }
}
function keepHidden(email: string): void {
  try {
    window.sessionStorage.setItem(HIDDEN_KEY, email);
  } catch {
    // storage blocked: hidden until the page reloads
  }
}

function Banner({ email, onHide }: { email: string; onHide: () => void }) {
  const { send, pending } = useSendVerificationAgain(email);
  const bar = useRef<HTMLDivElement>(null);
  // Focus moved by Tab, and scrollIntoView, keep the focused control above the bar.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.offsetHeight}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, []);
  return (
    <Box
      ref={bar}
      data-testid="verify-banner"
      sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: { xs: 0.5, sm: 1.5 }, boxShadow: 6 }}
    >
      <Container maxWidth="lg" sx={{ px: { xs: 1, sm: 2 } }}>
        <Alert
          severity="info"
          variant="outlined"
          role="region"
          aria-label={m.label}
          action={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Button type="button" color="inherit" size="small" onClick={send} loading={pending} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {m.sendAgain}
              </Button>
              <IconButton color="inherit" size="small" aria-label={m.hide} onClick={onHide}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          }
          // Compact on a phone: the bar sticks over the page, checkout fields included.
          sx={{
            alignItems: 'center',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            py: { xs: 0, sm: 0.75 },
            fontSize: { xs: '0.85rem', sm: '1rem' },
            '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
            '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' }, pt: 0 },
          }}
        >
          {m.text(email)}
        </Alert>
      </Container>
    </Box>
  );
}
