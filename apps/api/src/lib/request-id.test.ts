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
