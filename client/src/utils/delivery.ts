import { orderMessages } from '@/config/order-messages';

/** Where an order ships: the rules of the Mobile and Address fields, shared by the purchase form and a quote's acceptance. */

/** The server's rule for a mobile number (shop.IsPhone): digits with + ( ) . - and spaces, 7 to 15 digits. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]*[0-9]$/;

export function validateMobile(value: string): string | true {
  const mobile = value.trim();
  if (mobile === '') return orderMessages.orders.mobileRequired;
  const digits = mobile.replace(/\D/g, '').length;
  return (mobile.length <= 25 && PHONE_PATTERN.test(mobile) && digits >= 7 && digits <= 15) || orderMessages.orders.mobileInvalid;
}

export function validateAddress(value: string): string | true {
  return value.trim() !== '' || orderMessages.orders.addressRequired;
}
