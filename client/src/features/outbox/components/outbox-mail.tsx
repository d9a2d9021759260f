import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { serviceMessages } from '@/config/service-messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { OpenedMail } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useOutboxMail } from '../api/get-outbox-mail';
import { useRetryMail } from '../api/retry-mail';

const m = serviceMessages.outboxMail;
const statusNames = serviceMessages.outbox.status;

const formatDateTime = (iso: string | undefined) => formatDate(iso, { time: true });

/**
 * What the HTML part's frame may load: nothing but its own inline styles and
 * inline (data:) pictures. With `sandbox=""` it runs no script and cannot
 * navigate the app; links aim at the top window, which the sandbox refuses.
 */
export const MAIL_FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'";

/** The HTML part as the frame's document: the policy and a base for links first, in its head. */
export function mailFrameDocument(html: string): string {
  const guard = `<meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}"><base target="_top">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + guard + html.slice(at);
  }
  return `<!doctype html><html><head><meta charset="utf-8">${guard}</head><body>${html}</body></html>`;
}

const STATUS_COLOURS = { pending: 'default', sent: 'success', failed: 'error', disabled: 'default', held: 'default' } as const;

/** A name and its value, in a description list. */
function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 800, color: 'text.secondary', fontSize: '0.8rem', letterSpacing: '0.06em', textTransform: 'uppercase', pt: '2px' }}>
        {name}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

const dlSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
  columnGap: 3,
  rowGap: { xs: 0.25, sm: 1 },
  '& dd': { mb: { xs: 1, sm: 0 } },
  m: 0,
} as const;

function When({ iso }: { iso: string | undefined }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>{m.none}</>;
}

function MailView({ mail }: { mail: OpenedMail }) {
  const retry = useConfirmedAction(useRetryMail(), { confirm: m.confirmRetry, done: m.retriedToast, failed: m.retryFailed });
  const status = mail.status;
  return (
    <Box component="article" aria-labelledby="mail-subject">
      <SectionHeading component="h1" id="mail-subject" title={mail.subject} titleSize={{ xs: '1.6rem', md: '2.1rem' }} titleStyle={{ overflowWrap: 'anywhere' }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOURS[status] ?? 'default'}
          label={statusNames[mail.status] ?? mail.status}
          sx={{ fontWeight: 800, letterSpacing: '0.04em' }}
          data-testid="mail-status"
        />
        {mail.status === 'failed' && (
          <Button variant="contained" onClick={() => retry.run(mail._id)} disabled={retry.isRunning(mail._id)}>
            {m.retry}
          </Button>
        )}
      </Box>

      <Paper variant="outlined" component="section" aria-label={m.headersLabel} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Box component="dl" sx={dlSx}>
          <Field name={m.from}>{mail.from || m.none}</Field>
          <Field name={m.to}>{mail.to}</Field>
          <Field name={m.subject}>{mail.subject}</Field>
          <Field name={m.date}>
            <When iso={mail.createdAt} />
          </Field>
          <Field name={m.messageId}>
            <Box component="code" sx={{ fontSize: '0.85rem' }}>
              {mail.messageId}
            </Box>
          </Field>
        </Box>
      </Paper>

      <Box component="section" aria-labelledby="mail-delivery" sx={{ mb: 3 }}>
        <SectionHeading id="mail-delivery" title={m.deliveryHeading} titleSize={{ xs: '1.35rem' }} />
        <Box component="dl" sx={dlSx}>
          <Field name={m.status}>{statusNames[mail.status] ?? mail.status}</Field>
          <Field name={m.attempts}>{mail.attempts}</Field>
          <Field name={m.sent}>
            <When iso={mail.sentAt} />
          </Field>
          {mail.nextAttemptAt && (
            <Field name={m.nextAttempt}>
              <When iso={mail.nextAttemptAt} />
            </Field>
          )}
          {mail.retriedAt && <Field name={m.retried}>{m.retriedBy(formatDateTime(mail.retriedAt), mail.retriedBy ?? m.none)}</Field>}
          {mail.lastError && <Field name={m.lastError}>{mail.lastError}</Field>}
        </Box>
        {mail.errors && mail.errors.length > 0 && (
          <>
            <Typography component="h3" sx={{ fontWeight: 800, mt: 2, mb: 1 }}>
              {m.errorsHeading}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }} data-testid="mail-errors">
              {mail.errors.map((e) => (
                <li key={`${e.attempt}-${e.at}`}>
                  <strong>{m.errorLine(e.attempt)}</strong> · <When iso={e.at} />
                  <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere', color: 'text.secondary' }}>
                    {e.error}
                  </Box>
                </li>
              ))}
            </Box>
          </>
        )}
      </Box>

      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {m.redactedNote}
      </Typography>

      <Box component="section" aria-labelledby="mail-text" sx={{ mb: 3 }}>
        <SectionHeading id="mail-text" title={m.textHeading} titleSize={{ xs: '1.35rem' }} />
        {mail.text ? (
          <Box
            component="pre"
            tabIndex={0}
            aria-labelledby="mail-text"
            data-testid="mail-text"
            sx={{
              m: 0,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.paper',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.875rem',
              lineHeight: 1.6,
            }}
          >
            {mail.text}
          </Box>
        ) : (
          <Typography color="text.secondary">{m.noText}</Typography>
        )}
      </Box>

      <Box component="section" aria-labelledby="mail-html">
        <SectionHeading id="mail-html" title={m.htmlHeading} titleSize={{ xs: '1.35rem' }} subtitle={m.htmlNote} subtitleStyle={{ marginBottom: 12, fontSize: '0.875rem' }} />
        {mail.html ? (
          <Box
            component="iframe"
            title={m.htmlFrameTitle(mail.subject)}
            sandbox=""
            srcDoc={mailFrameDocument(mail.html)}
            referrerPolicy="no-referrer"
            sx={{ display: 'block', width: '100%', height: { xs: 480, md: 560 }, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: '#fff' }}
          />
        ) : (
          <Typography color="text.secondary">{m.noHtml}</Typography>
        )}
      </Box>
    </Box>
  );
}

/** One e-mail of the outbox opened (admin): headers, delivery, the text part and the HTML part in a sandboxed frame. */
export function OutboxMail({ id, backTo }: { id: string; backTo: string }) {
  const mail = useOutboxMail(id);
  let body: ReactNode;
  if (mail.data) body = <MailView mail={mail.data} />;
  else if (mail.isError) {
    const notFound = mail.error instanceof ApiError && (mail.error.code === 'not_found' || mail.error.code === 'invalid');
    body = notFound ? (
      <ErrorMessage>{m.notFound}</ErrorMessage>
    ) : (
      <ErrorMessage onRetry={() => void mail.refetch()}>{errorMessage(mail.error, m.loadFailed)}</ErrorMessage>
    );
  } else body = <LoadingSpinner />;
  return (
    <Box>
      <Button component={RouterLink} to={backTo} variant="text" color="secondary" sx={{ mb: 2, ml: -1 }}>
        {m.back}
      </Button>
      {body}
    </Box>
  );
}
