/**
 * The API's shapes, under the names the features import. Each is a schema of
 * the OpenAPI document (server/internal/httpapi/openapi.yaml), whose types
 * openapi-typescript generates into api.gen.ts (`npm run check:api -w client`
 * regenerates it and fails if it was stale): nothing here is written by hand
 * but Page, which is the client's own, and the two helpers that pick a body
 * or a query out of the generated operations.
 */
import type { components, operations, paths } from './api.gen';

type Schemas = components['schemas'];

/** The JSON body an operation takes (for bodies the document writes inline). */
export type JsonBody<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The query parameters of a GET path (a list's paging and filters). */
export type ListQuery<P extends keyof paths> = NonNullable<NonNullable<paths[P]['get']>['parameters']['query']>;

export type Product = Schemas['Product'];
/** A product's specification: `{name, value, unit?}` (issue 35). */
export type Spec = Schemas['Spec'];
/** A catalogue category and how many products are in it (GET /categories). */
export type Category = Schemas['Category'];
export type CategoryInput = Schemas['CategoryInput'];
/** `createdAt` (oldest first) is the catalogue order, the server's default. */
export type ProductSort = Schemas['ProductSort'];
export type Review = Schemas['Review'];
/** Issue 48: a product's visible reviews, newest first, with their average rating and number (GET /reviews?productId=). */
export type ProductReviews = Schemas['ProductReviews'];
export type PublicConfig = Schemas['PublicConfig'];

/** `"admin"` marks an admin; a customer has no role. */
export type UserRole = Schemas['User']['role'];
export type User = Schemas['User'];
export type RoleChange = Schemas['RoleChange'];
/** The answer to register, login and Google sign-in. */
export type AuthSession = Schemas['Session'];
/** Issue 44: a sign-in's first step answers a session, or the second step to take. */
export type SignInAnswer = Schemas['SignInAnswer'];
export type MfaChallenge = Schemas['MFAChallenge'];
export type TotpEnrolment = Schemas['TotpEnrolment'];
export type RecoveryCodes = Schemas['RecoveryCodes'];
export type MfaDisable = Schemas['MFADisable'];
export type AccountSession = Schemas['AccountSession'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditVerdict = Schemas['AuditVerdict'];
/** The account's own security (issue 29): verification, reset, change, deletion. */
export type VerifiedEmail = Schemas['VerifiedEmail'];
export type Accepted = Schemas['Accepted'];
export type PasswordReset = Schemas['PasswordReset'];
export type PasswordResetDone = Schemas['PasswordResetDone'];
export type PasswordChange = Schemas['PasswordChange'];
export type AccountDeletion = Schemas['AccountDeletion'];
export type Registration = Schemas['Registration'];
export type Credentials = Schemas['Credentials'];

/** Companies (issue 45): a business account, its members, an application and an invitation. */
export type Company = Schemas['Company'];
export type CompanyMember = Schemas['Member'];
export type CompanyRole = Schemas['CompanyRole'];
export type CompanyStatus = Schemas['CompanyStatus'];
export type CompanyApplication = Schemas['CompanyApplication'];
export type CompanyInvitation = Schemas['Invitation'];
export type MemberChange = Schemas['MemberChange'];
export type PriceList = Schemas['PriceList'];
export type CompanyChange = Schemas['CompanyChange'];
/** Payment on account (issue 45): a company's statement, the aging report's row, a recorded bank payment. */
export type Statement = Schemas['Statement'];
export type AgingRow = Schemas['AgingRow'];
export type AccountPayment = Schemas['AccountPayment'];
export type AccountPaymentInput = Schemas['AccountPaymentInput'];
/** GET /prices' entry: the caller's unit price of a product, and from each volume break on. */
export type ProductPrice = Schemas['ProductPrice'];

export type InsertResult = Schemas['InsertResult'];
export type UpdateResult = Schemas['UpdateResult'];
export type DeleteResult = Schemas['DeleteResult'];

/** POST /added and PUT /service/{id}: a product, and the changes to one. */
export type ProductInput = Schemas['ProductInput'];
export type ProductEdit = Schemas['ProductEdit'];
export type ReviewInput = Schemas['ReviewInput'];

export type UploadResult = Schemas['UploadResult'];
export type Profile = Schemas['Profile'];
export type ProfileInput = Schemas['ProfileInput'];
export type SaveProfileResult = Schemas['SaveProfileResult'];

export type Order = Schemas['Order'];
/** Issue 49: a saved address of the buyer's address book, and its input. */
export type Address = Schemas['Address'];
export type AddressInput = Schemas['AddressInput'];
/** Issue 49: a buyer's tax exemption, their standing, and an admin's decision. */
export type TaxExemption = Schemas['TaxExemption'];
export type TaxExemptionStatus = Schemas['TaxExemptionStatus'];
export type TaxExemptionStanding = Schemas['TaxExemptionStanding'];
export type TaxExemptionDecision = Schemas['TaxExemptionDecision'];
export type BulkAnswer = Schemas['BulkAnswer'];
export type BulkLineAnswer = BulkAnswer['lines'][number];
/**
 * A purchase (issue 43, schema Group): what a buyer bought in one go, with one number, one payment, one
 * shipment and one cancel; its `orders` are its lines. A single order is a purchase of one line under the
 * order's own id and number.
 */
export type Purchase = Schemas['Group'];
export type OrderInput = Schemas['OrderInput'];
/** POST /order's answer: the purchase's id and number, and the server's figures (amount in cents, tax in dollars). */
export type PlacedOrder = Schemas['PlacedOrder'];
/** A new document's id and number (a quote request, a claim). */
export type InsertedNumbered = Schemas['InsertedNumbered'];
/** PATCH /pay/{id}: the succeeded payment intent. */
export type Payment = JsonBody<'confirmPaid'>;
export type TestCardInput = Schemas['TestCardInput'];
export type PaymentIntentSecret = Schemas['PaymentIntentSecret'];
export type ConfirmedIntent = Schemas['ConfirmedIntent'];

export type ContactMessage = Schemas['Message'];
export type MessageInput = Schemas['MessageInput'];
/** PATCH /contact/{id}. */
export type MessageMark = JsonBody<'markMessage'>;

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
/** An e-mail of the outbox opened (GET /admin/outbox/{id}): headers, both parts as stored, attempts and refusals. */
export type OpenedMail = Schemas['MailOpened'];
/** Which e-mails of new work an admin receives, and whether in a daily digest (issue 36). */
export type NotificationSettings = Schemas['NotificationSettings'];

/** Review moderation (issue 36): the admins' Reviews screen, and what POST /reviews answers. */
export type ModeratedReview = Schemas['ModeratedReview'];
export type ReviewModeration = Schemas['ReviewModeration'];
export type ReviewStatusFilter = NonNullable<ListQuery<'/admin/reviews'>['status']>;
export type AddedReview = operations['addReview']['responses']['201']['content']['application/json'];

/** A page of a list and the total number of matches (the X-Total-Count header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Issue 48: a delivery option, a purchase's delivery line, and the figures checkout charges. */
export type ShippingMethod = Schemas['ShippingMethod'];
export type ShippingLine = Schemas['ShippingLine'];
export type CheckoutFigures = Schemas['CheckoutFigures'];
export type CheckoutPreviewInput = Schemas['CheckoutPreviewInput'];
