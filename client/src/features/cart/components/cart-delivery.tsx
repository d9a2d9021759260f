import type { CheckoutPreviewInput } from '../api/delivery';
import { DeliveryOptions, useDeliveryChoice } from './delivery-options';

/**
 * The cart's delivery options (issue 48): the checkout's DeliveryOptions over the cart's lines, each option with the
 * server's price and expected date and the chosen one's figures; the choice carries on to the checkout. Loaded lazily
 * by CartView, only when the shop has shipping methods.
 */
export default function CartDelivery({ body }: { body: CheckoutPreviewInput | null }) {
  const delivery = useDeliveryChoice();
  return <DeliveryOptions body={body} list={delivery.list} choice={delivery.choice} onChange={delivery.setChoice} />;
}
