/**
 * Issue 23 finding 9: a GetSchemaSlice past its tenant's share is refused
 * before it costs the event loop anything: the index is not opened (no
 * store read, no load), nothing is searched and the slicer is not asked.
 */
import { describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { buildSearchIndex, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols } from '@discovery/schema-symbols';
import { IndexReader } from '@discovery/index-reader';
import { InProcessEventBus, InProcessJobQueue, MemoryIndexStore } from '@discovery/storage';
import { waitFor } from '@discovery/testing';
import { DiscoveryService } from './discovery.service.js';
import type { BuildJobData, BuildJobResult } from './discovery.types.js';
import type { SliceRunner } from './slicing/slice-runner.js';
import { TenantLimiter } from './tenant-limiter.js';

const SDL = 'type Query { employees: [Employee!]! }\ntype Employee { id: ID! name: String }';

describe('GetSchemaSlice past the tenant share', () => {
  it('is refused before the index is opened, searched or sliced', async () => {
    const store = new MemoryIndexStore();
    const id = indexIdForSdl(SDL);
    await store.ensure(id, SDL, 'acme', Date.now());
    await store.putArtifacts(id, writeIndexArtifact(buildSearchIndex(extractSymbols(buildSchemaFromSdl(SDL).schema))), {
      state: 'ready',
      builtVersion: 'v1',
      indexedAt: 1,
    });
    const reader = new IndexReader(store, undefined, { idleTtlMs: 60_000, currentVersion: 'v1', cacheMaxBytes: 64 << 20, verifyIntervalMs: 0 });
    const asked: string[] = [];
    let opens = 0;
    const open = reader.open.bind(reader);
    reader.open = (...args) => {
      opens += 1;
      return open(...args);
    };
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slices: SliceRunner = {
      rootNames: async () => {
        asked.push('roots');
        await held;
        return { query: 'Query' };
      },
      slice: async (_index, request) => {
        asked.push(`slice ${request.query}`);
        return { sdl: 'type Query { employees: [Employee!]! }', tokens: 9, coordinates: [], truncated: false };
      },
      close: async () => undefined,
    };
    const queue = new InProcessJobQueue<BuildJobData, BuildJobResult>('index-build', { backoffMs: 1 });
    const service = new DiscoveryService(store, queue, new InProcessEventBus(), reader, undefined, {
      version: 'v1',
      idleTtlMs: 60_000,
      maxSdlBytes: 1 << 20,
      buildAttempts: 1,
      slices,
      sliceShare: new TenantLimiter({ limit: 1, what: 'GetSchemaSlice calls', variable: 'TENANT_MAX_SLICES' }),
    });
    try {
      const first = service.getSchemaSlice({ tenant: 'acme' }, { indexId: id, query: 'employees', maxTokens: 2000 });
      await waitFor(() => asked.length === 1, 5_000, 'the first slice at its roots');
      const before = { opens, asked: [...asked], loaded: reader.cachedIndexes };
      await expect(service.getSchemaSlice({ tenant: 'acme' }, { indexId: id, query: 'names', maxTokens: 2000 })).rejects.toMatchObject({
        code: 'RESOURCE_EXHAUSTED',
        message: expect.stringContaining('TENANT_MAX_SLICES=1'),
      });
      expect({ opens, asked, loaded: reader.cachedIndexes }).toEqual(before);
      release();
      expect((await first).tokens).toBe(9);
      expect(asked).toEqual(['roots', 'slice employees']);
    } finally {
      release();
      await queue.close();
      await store.close();
    }
  });
});
