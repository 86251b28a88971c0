import { describe, expect, it } from 'vitest';
import { contractViolation, endpointOf } from './testing';

describe('contract check of mocked answers', () => {
  it('finds the endpoint of a call, its :params matched', () => {
    expect(endpointOf('GET', 'http://localhost/api/v1/account?x=1')?.path).toBe('/account');
    expect(endpointOf('PUT', '/api/v1/admin/users/u1')?.path).toBe('/admin/users/:userId');
    expect(endpointOf('GET', '/media/file.mp4')).toBeUndefined();
  });

  it('passes an answer the API could give and names what is wrong with one it could not', () => {
    expect(contractViolation('GET', '/api/v1/admin/tags', 200, { items: [] })).toBeNull();
    expect(
      contractViolation('GET', '/api/v1/admin/users', 200, { items: [], page: 1, pageSize: 20 }),
    ).toMatch(/GET \/admin\/users \(200\) does not match its contract: total/);
  });

  it('holds error answers to the problem schema', () => {
    const problem = {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'x',
    };
    expect(contractViolation('POST', '/api/v1/auth/login', 401, problem)).toBeNull();
    expect(contractViolation('POST', '/api/v1/auth/login', 401, { code: 'X' })).toMatch(/does not match/);
  });
});
