/**
 * Fair share per tenant (issue 23 finding 9): a tenant at its limit is
 * refused at once with resource_exhausted naming the variable, while another
 * tenant's calls still run; a finished call frees its place.
 */
import { describe, expect, it } from '@jest/globals';
import { TenantLimiter } from './tenant-limiter.js';

describe('TenantLimiter', () => {
  it('refuses a tenant over its limit at once and lets the others in', async () => {
    const limiter = new TenantLimiter({ limit: 2, what: 'GetSchemaSlice calls', variable: 'TENANT_MAX_SLICES' });
    const gates: (() => void)[] = [];
    const held = () => new Promise<string>((resolve) => gates.push(() => resolve('done')));
    const first = limiter.run('hostile', held);
    const second = limiter.run('hostile', held);
    await expect(limiter.run('hostile', held)).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      message: expect.stringContaining('(TENANT_MAX_SLICES=2)'),
    });
    const other = limiter.run('other', held);
    expect(gates).toHaveLength(3);
    for (const open of gates.splice(0)) open();
    expect(await Promise.all([first, second, other])).toEqual(['done', 'done', 'done']);
    expect(await limiter.run('hostile', async () => 'again')).toBe('again');
    expect(limiter.refused).toBe(1);
  });

  it('frees the place of a call that failed', async () => {
    const limiter = new TenantLimiter({ limit: 1, what: 'GenerateQuery calls', variable: 'TENANT_MAX_GENERATIONS' });
    await expect(limiter.run('t', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run('t', async () => 'ok')).toBe('ok');
  });
});
