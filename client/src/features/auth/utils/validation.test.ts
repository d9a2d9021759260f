import { describe, expect, it } from 'vitest';
import { validateEmail, validateName, validatePassword } from './validation';

describe('form rules', () => {
  it('email: required, then a valid address', () => {
    expect(validateEmail('')).toBe('Email is Required');
    expect(validateEmail('   ')).toBe('Email is Required');
    expect(validateEmail('someone')).toBe('Provide a valid Email');
    expect(validateEmail('someone@example')).toBe('Provide a valid Email');
    expect(validateEmail(' someone@example.com ')).toBe(true);
  });

  it('password: required, then at least 6 characters', () => {
    expect(validatePassword('')).toBe('Password is Required');
    expect(validatePassword('12345')).toBe('Must be 6 characters or longer');
    expect(validatePassword('123456')).toBe(true);
  });

  it('name: required, blanks do not count', () => {
    expect(validateName(' ')).toBe('Name is Required');
    expect(validateName('Ada')).toBe(true);
  });
});
