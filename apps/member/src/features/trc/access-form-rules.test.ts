import { normalizeTrcLink, TRC_MESSAGES, type TTrcAccessState } from '@dance/domain';
import { describe, expect, it } from 'vitest';
import {
  type AccessFormValues,
  initialAccessValues,
  offeredRoles,
  validateAccessForm,
} from './access-form-rules';

const valid: AccessFormValues = {
  name: 'Maya Torres',
  email: 'maya@example.com',
  link: '@maya.dance',
  roles: ['instructor'],
  gain: '',
};

function state(overrides: Partial<TTrcAccessState> = {}): TTrcAccessState {
  return {
    access: 'apply',
    grant: null,
    status: null,
    application: null,
    prefill: { name: 'Maya Torres', email: 'maya@example.com', roles: ['instructor'] },
    ...overrides,
  };
}

describe('TRC access form rules (spec 2 §5)', () => {
  it('accepts a complete form, gain being optional', () => {
    expect(validateAccessForm(valid)).toEqual({});
  });

  it('requires the full name', () => {
    expect(validateAccessForm({ ...valid, name: '  ' }).name).toBe('Full name is required');
  });

  it('requires a valid email address', () => {
    expect(validateAccessForm({ ...valid, email: 'maya@example' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateAccessForm({ ...valid, email: '' }).email).toBe(TRC_MESSAGES.invalidEmail);
  });

  it.each([
    'https://www.mayadance.com',
    'http://mayadance.com/about/team',
    'www.mayadance.studio',
    'mayadance.com',
    'maya_dance',
    '@maya.dance',
    'a',
    '@123456789012345678901234567890',
  ])('accepts %s as a URL or an Instagram handle', (link) => {
    expect(validateAccessForm({ ...valid, link }).link).toBeUndefined();
  });

  it.each([
    '',
    '   ',
    'maya dance',
    '@',
    '@1234567890123456789012345678901',
    'maya-dance!',
    'https://',
    'ftp://mayadance.com',
    '@maya/dance',
  ])('refuses %j with the spec message', (link) => {
    expect(validateAccessForm({ ...valid, link }).link).toBe('Enter a valid URL or Instagram handle');
  });

  it('stores a handle as an Instagram profile URL and a bare domain with https://', () => {
    expect(normalizeTrcLink('@maya.dance')).toBe('https://www.instagram.com/maya.dance/');
    expect(normalizeTrcLink('maya_dance')).toBe('https://www.instagram.com/maya_dance/');
    expect(normalizeTrcLink('mayadance.com')).toBe('https://mayadance.com');
    expect(normalizeTrcLink('http://mayadance.com')).toBe('http://mayadance.com');
  });

  it('needs at least one role', () => {
    expect(validateAccessForm({ ...valid, roles: [] }).roles).toBe('Please select at least one role');
  });

  it('prefills name, email and the roles of the user type; an edit starts from the application', () => {
    expect(initialAccessValues(state(), false)).toEqual({
      name: 'Maya Torres',
      email: 'maya@example.com',
      link: '',
      roles: ['instructor'],
      gain: '',
    });
    const application = {
      id: 'a1',
      userId: 'u1',
      name: 'Maya Torres',
      email: 'maya@example.com',
      link: 'https://www.instagram.com/maya.dance/',
      roles: ['studio-owner' as const],
      gain: 'Warm-up ideas',
      status: 'pending' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
    };
    const editing = initialAccessValues(state({ access: 'pending', status: 'pending', application }), true);
    expect(editing.link).toBe(application.link);
    expect(editing.roles).toEqual(['studio-owner']);
    expect(editing.gain).toBe('Warm-up ideas');
  });

  it('offers instructor and studio owner, and dancer only when the mapping chose it', () => {
    expect(offeredRoles(['instructor'])).toEqual(['instructor', 'studio-owner']);
    expect(offeredRoles(['dancer'])).toEqual(['instructor', 'studio-owner', 'dancer']);
  });
});
