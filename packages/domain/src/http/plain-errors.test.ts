import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installPlainValidationMessages } from './plain-errors';

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

beforeAll(() => installPlainValidationMessages());

describe('plain validation messages (issue 22 item 8)', () => {
  it('says what is wrong and what to do, without developer words', () => {
    const schema = z.object({
      name: z.string().min(2).max(5),
      email: z.email(),
      age: z.number().int().min(1),
      id: z.uuid(),
      site: z.url(),
      kind: z.enum(['library', 'class']),
      tags: z.array(z.string()).min(1),
    });
    const messages = messagesOf(schema, {
      name: 'a',
      email: 'nope',
      age: 'x',
      id: '1',
      site: 'x',
      kind: 'z',
      tags: [],
    });
    expect(messages).toEqual([
      'Use at least 2 characters.',
      'Enter a valid email address.',
      'Enter a number.',
      'This item could not be found. Reload the page and try again.',
      'Enter a full web address, starting with https://.',
      'Choose one of: library, class.',
      'Choose at least one.',
    ]);
    expect(messagesOf(schema, {})).toContain('This field is required.');
    expect(messagesOf(z.string().max(5), 'too long')).toEqual(['Use at most 5 characters.']);
    for (const message of [
      ...messages,
      ...messagesOf(schema, {}),
      ...messagesOf(z.object({}).strict(), { a: 1 }),
    ])
      expect(message).not.toMatch(/invalid input|\bexpected\b|received|undefined|null|payload|uuid/i);
  });

  it("keeps a schema's own message", () => {
    expect(messagesOf(z.string().min(1, 'Name is required'), '')).toEqual(['Name is required']);
  });
});
