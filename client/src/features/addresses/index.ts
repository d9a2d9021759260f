/**
 * The address book's public API (issue 49): the saved addresses as a choice where a purchase ships (the
 * checkout and the Purchase page). The dashboard's page is imported by its route.
 */
export { AddressChoice, useAddressChoice } from './components/address-choice';
