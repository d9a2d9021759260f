import { useEffect, useRef } from 'react';
import { orderMessages } from '@/config/order-messages';
import { useToast } from '@/lib/toast';

/** How long the quantity stays out of range before the toast says so. */
export const OUT_OF_RANGE_TOAST_DELAY_MS = 400;

/**
 * The spec's toast for a quantity out of range: once each time the quantity goes
 * out of range, when the typing pauses there (typing "250" for a minimum of 100
 * passes "2" and "25" on the way, which is no reason to complain; the field says
 * why at once). `quietAtFirst`: out of range from the start (sold out) says
 * nothing until it changes. Returns `sayNow`, for a submit: at once, and the
 * pause's pending toast, if any, is then not said again.
 */
export function useOutOfRangeToast(outOfRange: boolean, quantity: string, quietAtFirst: boolean) {
  const toast = useToast();
  const toasted = useRef(quietAtFirst || outOfRange);
  useEffect(() => {
    if (!outOfRange) {
      toasted.current = false;
      return;
    }
    if (toasted.current) return;
    const timer = setTimeout(() => {
      if (toasted.current) return;
      toasted.current = true;
      toast.error(orderMessages.orders.quantityOutOfRange);
    }, OUT_OF_RANGE_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outOfRange, quantity, toast]);

  return () => {
    toasted.current = true;
    toast.error(orderMessages.orders.quantityOutOfRange);
  };
}
