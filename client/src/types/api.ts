/** Shapes of the API's answers (DESIGN.md). Field names are the server's, spelling included. */

export interface Product {
  _id: string;
  name: string;
  /** Dollars, at most 2 decimals. */
  price: number;
  image: string;
  description: string;
  /** Units in stock (the spec's spelling). */
  avaialbequantit: number;
  minimumquantity: number;
  email?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** `createdAt` (oldest first) is the catalogue order, the server's default. */
export type ProductSort = 'createdAt' | '-createdAt' | 'name' | '-name' | 'price' | '-price';

export interface Review {
  _id: string;
  name: string;
  review: string;
  img: string;
  /** 1–5. */
  rating: number;
  createdAt?: string;
}

export interface PublicConfig {
  paymentProvider: 'test' | 'stripe';
  stripePublishableKey: string;
  googleClientId: string;
}

/** A page of a list and the total number of matches (the X-Total-Count header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** `"admin"` marks an admin; a customer has no role. */
export type UserRole = 'admin' | '';

/** An account (collection `users`), as the API shows it: never a password hash. */
export interface User {
  _id: string;
  email: string;
  name: string;
  role: UserRole;
  provider: 'password' | 'google';
  createdAt: string;
}

/** The answer to register, login and Google sign-in. */
export interface AuthSession {
  token: string;
  user: User;
}

/** Mirrors the MongoDB driver's answer to an update. */
export interface UpdateResult {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedId?: string;
}

/** Mirrors the MongoDB driver's answer to a delete. */
export interface DeleteResult {
  acknowledged: boolean;
  deletedCount: number;
}

// Catalogue management, uploads, reviews and profiles (issue 4).

/** POST /upload: where the stored image is served from. */
export interface UploadResult {
  success: boolean;
  data: { url: string };
}

/** Mirrors the MongoDB driver's answer to an insert. */
export interface InsertResult {
  acknowledged: boolean;
  insertedId: string;
}

/** POST /order: the new order's id and number. */
export interface PlacedOrder extends InsertResult {
  number: number;
}

/** A customer's profile (collection `profiles`); `linkdin` is the spec's spelling. */
export interface Profile {
  _id: string;
  name: string;
  email: string;
  image: string;
  address: string;
  education: string;
  linkdin: string;
}

/** POST /profile: the write's result and the profile as now stored. */
export interface SaveProfileResult extends InsertResult, UpdateResult {
  profile: Profile;
}

// Orders and card payment (issues 5 and 6).

/** An order (collection `orders`). Prices in dollars, `amount` (the total) in cents. */
export interface Order {
  _id: string;
  /** Human-readable, from 1001, unique and increasing. */
  number: number;
  name: string;
  email: string;
  image: string;
  productId: string;
  productName: string;
  /** Dollars, the product's price when ordered. */
  productPrice: number;
  productQuantity: number;
  /** Total in cents (productPrice × productQuantity). */
  amount: number;
  address: string;
  mobile: string;
  pending: boolean;
  shipped: boolean;
  paid: boolean;
  /** The payment's id once paid, else "". */
  transactionId: string;
  createdAt: string;
  paidAt?: string;
  shippedAt?: string;
}

/** POST /create-payment-intent. */
export interface PaymentIntentSecret {
  clientSecret: string;
}

/** A confirmed payment intent (POST /payments/test/confirm, or Stripe's). */
export interface ConfirmedIntent {
  id: string;
  status: string;
}

// Contact messages (issue 7).

/** A visitor's message from the home page's contact form (collection `contacts`). */
export interface ContactMessage {
  _id: string;
  email: string;
  subject: string;
  message: string;
  handled: boolean;
  createdAt: string;
}
