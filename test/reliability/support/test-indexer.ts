/**
 * The in-process indexer the fast reliability specs run against: the
 * indexer e2e harness (real Nest app, Connect over HTTP, real Redis and
 * BullMQ under a unique prefix), plus fixtures and a wait for builds.
 */
import { readFileSync } from 'node:fs';
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

/** Polls GetIndex until the index leaves INDEXING; returns it. `timeoutMs` is a hard cap. */
export async function untilSettled(client: Yoko, indexId: string, timeoutMs = 60_000): Promise<Index> {
  let last: Index | undefined;
  await waitFor(
    async () => {
      last = (await client.getIndex({ indexId })).index;
      return last !== undefined && last.status !== IndexStatus.INDEXING;
    },
    timeoutMs,
    `index ${indexId} to leave INDEXING`,
    100,
  );
  return last!;
}
