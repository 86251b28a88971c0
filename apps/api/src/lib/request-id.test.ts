import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestIdGenerator } from './request-id';

describe('request ids', () => {
  it('are unique within a process and differ between processes', () => {
    const next = createRequestIdGenerator();
    const ids = Array.from({ length: 1000 }, next);
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(createRequestIdGenerator()().split('-')[0]).not.toBe(ids[0]?.split('-')[0]);
  });
});

describe('a caller-supplied x-request-id', () => {
  const withHeader = (value: string | string[]) =>
    ({ headers: { 'x-request-id': value } }) as unknown as IncomingMessage;

  it('is kept when short and made of safe characters', () => {
    const next = createRequestIdGenerator();
    expect(next(withHeader('edge-7f3a:1.2_x'))).toBe('edge-7f3a:1.2_x');
    expect(next(withHeader('a'.repeat(64)))).toBe('a'.repeat(64));
  });

  it.each([
    ['CR/LF', 'abc\r\nSet-Cookie: sid=evil'],
    ['markup', '<script>alert(1)</script>'],
    ['too long', 'a'.repeat(65)],
    ['empty', ''],
    ['spaces', 'a b'],
  ])('is replaced when it carries %s', (_label, value) => {
    const next = createRequestIdGenerator();
    expect(next(withHeader(value))).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('is replaced when sent twice', () => {
    expect(createRequestIdGenerator()(withHeader(['a', 'b']))).toMatch(/^[0-9a-f]{12}-1$/);
  });
});
