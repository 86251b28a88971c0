import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequest, ZLoginRequest, ZSignUpRequest, ZStudioSignUpRequest } from './contracts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = {
  firstName: 'Mia',
  lastName: 'Moves',
  email: 'Mia@Example.com',
  password: 'secret-1',
  reEnteredPassword: 'secret-1',
  role: 'other',
  acceptTerms: true,
};

describe('sign-up contract (spec 1 §5)', () => {
  it('accepts a valid form and lower-cases the email', () => {
    const parsed = ZSignUpRequest.parse(valid);
    expect(parsed.email).toBe('mia@example.com');
  });

  it('gives the spec message for every empty field', () => {
    const result = ZSignUpRequest.safeParse({
      firstName: '',
      lastName: ' ',
      email: '',
      password: '',
      reEnteredPassword: '',
      acceptTerms: false,
    });
    expect(messages(result)).toMatchObject({
      firstName: 'Please fill in your first name',
      lastName: 'Please fill in your last name',
      email: 'Please fill in your email',
      password: 'Please Enter your password',
      reEnteredPassword: 'Please re-enter your password',
      role: 'Please select role',
      acceptTerms: 'Please accept the Terms & Conditions',
    });
  });

  it('needs matching passwords', () => {
    expect(messages(ZSignUpRequest.safeParse({ ...valid, reEnteredPassword: 'other-1' }))).toEqual({
      reEnteredPassword: 'Passwords do not match',
    });
  });

  it('has no role on the studio form and refuses one', () => {
    const { role: _role, ...studio } = valid;
    expect(ZStudioSignUpRequest.safeParse(studio).success).toBe(true);
    expect(ZStudioSignUpRequest.safeParse(valid).success).toBe(false);
  });
});

describe('login contract', () => {
  it('gives the spec messages for empty fields', () => {
    expect(messages(ZLoginRequest.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Please fill in your email',
      password: 'Please Enter your password',
    });
  });
});

describe('change password contract (spec 3 §9)', () => {
  it('needs a new password of at least 6 characters, confirmed', () => {
    expect(
      ZChangePasswordRequest.safeParse({
        currentPassword: 'x',
        newPassword: '123456',
        confirmPassword: '123456',
      }).success,
    ).toBe(true);
    expect(
      messages(
        ZChangePasswordRequest.safeParse({
          currentPassword: 'x',
          newPassword: '12345',
          confirmPassword: '12345',
        }),
      ).newPassword,
    ).toBe('New password must be at least 6 characters');
  });
});
