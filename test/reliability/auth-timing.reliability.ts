/**
 * Timing of wrong tokens: many calls per kind of wrong token (unknown,
 * right length with the first or the last character wrong, a JWT with a bad
 * signature, expired, no tenant), interleaved, against an indexer process.
 * Prints the median and p99 of each; asserts only that every one of them is
 * `unauthenticated` (times on a shared machine are figures, not checks).
 */
import { describe, expect, it } from '@jest/globals';
import { Code } from '@connectrpc/connect';
import { SignJWT } from 'jose';
import { uniquePrefix } from '@discovery/testing';
import { outcome } from './support/connect-calls.js';
import { report, summarize } from './support/figures.js';
import { spawnIndexer } from './support/indexer-process.js';
import { dropPrefix, JWT_SECRET, TOKENS } from './support/test-indexer.js';

const ROUNDS = 400;

describe('wrong-token timing', () => {
  it('measures each kind of wrong token; all are unauthenticated', async () => {
    const prefix = uniquePrefix('rel-timing');
    const indexer = await spawnIndexer({ REDIS_KEY_PREFIX: prefix });
    try {
      const key = new TextEncoder().encode(JWT_SECRET);
      const sign = (claims: Record<string, unknown>, k: Uint8Array, exp: string | number) =>
        new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(k);
      const kinds: Record<string, string> = {
        'unknown token': `sd_${'z'.repeat(TOKENS.acme.length - 3)}`,
        'first char wrong': `x${TOKENS.acme.slice(1)}`,
        'last char wrong': `${TOKENS.acme.slice(0, -1)}1`,
        'JWT bad signature': await sign({ tenant: 'acme' }, new TextEncoder().encode(`${JWT_SECRET}!other`), '5m'),
        'JWT expired': await sign({ tenant: 'acme' }, key, Math.floor(Date.now() / 1000) - 60),
        'JWT no tenant': await sign({}, key, '5m'),
      };
      const clients = Object.fromEntries(Object.entries(kinds).map(([name, token]) => [name, indexer.client(token)]));
      const latencies = new Map<string, number[]>(Object.keys(kinds).map((k) => [k, []]));
      const codes = new Set<string>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of Object.keys(kinds)) {
          const started = performance.now();
          const result = await outcome(clients[name]!.listIndexes({}));
          latencies.get(name)!.push(performance.now() - started);
          codes.add(String(result.code));
        }
      }
      for (const [name, values] of latencies) {
        const s = summarize(values.slice(50)); // the first rounds warm up sockets and JIT
        report(`auth-timing ${name.replace(/ /g, '-')}`, { calls: s.count, p50Ms: s.p50, p99Ms: s.p99 });
      }
      expect([...codes]).toEqual([String(Code.Unauthenticated)]);
    } finally {
      await indexer.stop();
      await dropPrefix(prefix);
    }
  });
});
