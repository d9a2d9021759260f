/**
 * The API's shapes, under the names the features import. Each is a schema of
 * the OpenAPI document (server/internal/httpapi/openapi.yaml), whose types
 * openapi-typescript generates into api.gen.ts (`npm run check:api -w client`
 * regenerates it and fails if it was stale): nothing here is written by hand
 * but Page, which is the client's own.
 */
import type { components } from './api.gen';

type Schemas = components['schemas'];

export type Product = Schemas['Product'];
/** `createdAt` (oldest first) is the catalogue order, the server's default. */
export type ProductSort = Schemas['ProductSort'];
export type Review = Schemas['Review'];
export type PublicConfig = Schemas['PublicConfig'];

/** `"admin"` marks an admin; a customer has no role. */
export type UserRole = Schemas['User']['role'];
export type User = Schemas['User'];
/** The answer to register, login and Google sign-in. */
export type AuthSession = Schemas['Session'];
/** The account's own security (issue 29): verification, reset, change, deletion. */
export type VerifiedEmail = Schemas['VerifiedEmail'];
export type Accepted = Schemas['Accepted'];
export type PasswordReset = Schemas['PasswordReset'];
export type PasswordResetDone = Schemas['PasswordResetDone'];
export type PasswordChange = Schemas['PasswordChange'];
export type AccountDeletion = Schemas['AccountDeletion'];

export type InsertResult = Schemas['InsertResult'];
export type UpdateResult = Schemas['UpdateResult'];
export type DeleteResult = Schemas['DeleteResult'];

export type UploadResult = Schemas['UploadResult'];
export type Profile = Schemas['Profile'];
export type SaveProfileResult = Schemas['SaveProfileResult'];

export type Order = Schemas['Order'];
export type PlacedOrder = Schemas['PlacedOrder'];
export type PaymentIntentSecret = Schemas['PaymentIntentSecret'];
export type ConfirmedIntent = Schemas['ConfirmedIntent'];

export type ContactMessage = Schemas['Message'];

/** GET /admin/sales. */
export type SalesReport = Schemas['Sales'];
export type SalesMonth = SalesReport['months'][number];
export type TopProduct = SalesReport['topProducts'][number];
/** A product with less stock than its minimum order. */
export type LowStockProduct = SalesReport['lowStock'][number];

/** The service desk (issue 14): quote requests, replacement claims and the e-mail outbox. */
export type Quote = Schemas['Quote'];
export type QuoteStatus = Quote['status'];
export type QuoteItem = Quote['items'][number];
export type QuoteInput = Schemas['QuoteInput'];
export type QuotePricing = Schemas['QuotePricing'];
export type Claim = Schemas['Claim'];
export type ClaimInput = Schemas['ClaimInput'];
export type ClaimDecision = Schemas['ClaimDecision'];
/** An e-mail of the outbox (GET /admin/outbox). */
export type OutboxMail = Schemas['Mail'];

/** A page of a list and the total number of matches (the X-Total-Count header). */
export interface Page<T> {
  items: T[];
  total: number;
}
