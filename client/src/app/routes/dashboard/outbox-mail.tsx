import { useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { site } from '@/config/site';
import { OutboxMail } from '@/features/outbox/components/outbox-mail';

/** Where Back goes: the list's page the e-mail was opened from (kept in the history entry, so a reload keeps it). */
function listSearch(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'listSearch' in state && typeof state.listSearch === 'string' && state.listSearch.startsWith('?')) {
    return state.listSearch;
  }
  return '';
}

export default function OutboxMailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  return (
    <>
      <title>{`${serviceMessages.outboxMail.pageTitle} | ${site.storeName}`}</title>
      <OutboxMail key={id} id={id} backTo={paths.dashboard.outbox + listSearch(location.state)} />
    </>
  );
}
