import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParsePlainly } from './plain-errors';

// No process-wide setting in this file: the browser apps' forms speak plainly through the call alone.
describe('safeParsePlainly', () => {
  const schema = z.object({
    name: z.string().min(2),
    email: z.email(),
    note: z.string().min(1, 'Own words.'),
  });
  const messages = (value: unknown) => {
    const result = safeParsePlainly(schema, value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('gives the plain messages without the global setting', () => {
    expect(messages({ name: 'a', email: 'nope' })).toEqual([
      'Use at least 2 characters.',
      'Enter a valid email address.',
      'This field is required.',
    ]);
    // zod's own words are what a plain safeParse gives here, so the call is what makes the difference.
    const plain = schema.safeParse({ name: 'a', email: 'nope' });
    expect(plain.success ? [] : plain.error.issues[0]?.message).not.toBe('Use at least 2 characters.');
  });

  it('keeps a message the schema gives itself', () => {
    expect(messages({ name: 'ab', email: 'a@b.co', note: '' })).toEqual(['Own words.']);
  });
});
