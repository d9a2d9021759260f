import { describe, expect, it } from 'vitest';
import { isEmail } from './email';

describe('isEmail', () => {
  it('accepts an address and refuses what the server refuses', () => {
    expect(isEmail('buyer@firm.example')).toBe(true);
    expect(isEmail(' buyer@firm.example ')).toBe(true);
    for (const bad of ['', 'buyer', 'buyer@firm', '@firm.example', 'a b@firm.example']) expect(isEmail(bad)).toBe(false);
  });
});
