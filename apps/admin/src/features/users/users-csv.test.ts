import type { TAdminUser } from '@dance/domain';
import { describe, expect, it } from 'vitest';
import { csvField, toUsersCsv } from './users-csv';

describe('users CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Dana')).toBe('Dana');
    expect(csvField('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvField('The "Rock"')).toBe('"The ""Rock"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('writes a header and one line per user with plan, status and studio', () => {
    const user: TAdminUser = {
      id: 'u1',
      firstName: 'Dana',
      lastName: 'Dancer',
      email: 'dana@example.com',
      role: 'user',
      userType: 'subuser',
      imageUrl: null,
      studioOwnerId: 'o1',
      plan: {
        planId: 'STUDIO-5',
        title: 'Studio, 5 seats',
        status: 'active',
        statusLabel: 'Active',
        via: 'studio',
      },
      studio: { id: 'o1', name: 'Stella Studio', email: 'stella@example.com' },
      createdAt: '2026-01-02T10:00:00.000Z',
    };
    expect(toUsersCsv([user], () => 'Sub-user')).toBe(
      'First name,Last name,Email,Type,Plan,Status,Studio,Joined\r\n' +
        'Dana,Dancer,dana@example.com,Sub-user,"Studio, 5 seats",Active,Stella Studio <stella@example.com>,2026-01-02\r\n',
    );
  });
});
