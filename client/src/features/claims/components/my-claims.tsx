import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { ClaimList } from './claim-parts';

const m = serviceMessages.claims;

/** My Claims: the customer's replacement claims and what was decided. */
export function MyClaims() {
  return (
    <ClaimList
      empty={m.emptyMine}
      emptyAction={
        <ButtonLink to={paths.dashboard.myOrder} tone="primary">
          {m.myOrders}
        </ButtonLink>
      }
    />
  );
}
