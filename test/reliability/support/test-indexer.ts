/**
 * The in-process indexer the fast reliability specs run against: the
 * indexer e2e harness (its real Nest application, Connect over HTTP, real Redis and
 * BullMQ under a unique prefix), plus fixtures and a wait for builds.
 */
import { readFileSync } from 'node:fs';
import { Code, ConnectError } from '@connectrpc/connect';
import { IndexStatus, type Index } from '@discovery/proto';
import { waitFor } from '@discovery/testing';
import type { Yoko } from '../../../apps/indexer/test/indexer-harness.js';

export { dropPrefix, JWT_SECRET, startTestIndexer, TOKENS } from '../../../apps/indexer/test/indexer-harness.js';
export type { RunningIndexer, Yoko } from '../../../apps/indexer/test/indexer-harness.js';

const FIXTURES = new URL('../../fixtures/schemas/', import.meta.url);

/** A schema from test/fixtures/schemas. */
export function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/** `sdl` with a unique trailing comment: another address, so another index. */
export function unique(sdl: string, tag = ''): string {
  return `${sdl}\n# ${tag}${Math.random().toString(36).slice(2)}\n`;
}

/**
 * Polls GetIndex until the index leaves INDEXING; returns it. `timeoutMs` is a
 * hard cap. With `transportErrors`, a call that fails below Connect (socket
 * reset, timeout: finding F4, a build blocks the event loop) is counted there
 * and polled again instead of failing the wait.
 */
export async function untilSettled(client: Yoko, indexId: string, timeoutMs = 60_000, transportErrors?: { count: number }): Promise<Index> {
  let last: Index | undefined;
  await waitFor(
    async () => {
      try {
        last = (await client.getIndex({ indexId }, { timeoutMs: 60_000 })).index;
      } catch (error) {
        const code = ConnectError.from(error).code;
        if (!transportErrors || (code !== Code.Internal && code !== Code.Unavailable && code !== Code.DeadlineExceeded)) throw error;
        transportErrors.count++;
        return false;
      }
      return last !== undefined && last.status !== IndexStatus.INDEXING;
    },
    timeoutMs,
    `index ${indexId} to leave INDEXING`,
    100,
  );
  return last!;
}
