export { checkQuantity, isOutOfRange, type QuantityCheck } from '@/utils/quantity';
export { validateAddress, validateMobile } from '@/utils/delivery';
