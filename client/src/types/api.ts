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

export type ProductSort = 'name' | '-name' | 'price' | '-price' | '-createdAt';

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
