/**
 * The index sync state machine against a scripted discovery service: adoption only on READY,
 * the previous index serving during a rebuild, no-op on an unchanged schema, FAILED, timeout,
 * eviction while building, unreachable and refusing services, and retry of failed builds.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { IndexStatus, YokoService } from '@discovery/proto';
import { ToolFailureCode } from '../mcp.errors.js';
import { FakeDiscoveryService } from '../testing/fake-discovery.service.js';
import { waitFor } from '../testing/wait-for.js';
import { IndexSync, type IndexSyncOptions } from './index-sync.js';
import { indexIdForSdl } from '@discovery/proto';
import { SyncPhase } from './sync-status.js';

const V1 = 'type Query { a: Int }';
const V2 = 'type Query { a: Int b: String }';

let sync: IndexSync | undefined;
afterEach(() => sync?.close());

function setup(status = IndexStatus.INDEXING, options: Partial<IndexSyncOptions> = {}) {
  const fake = new FakeDiscoveryService();
  fake.initialStatus = status;
  sync = new IndexSync({ client: createClient(YokoService, fake.transport()), pollIntervalMs: 5, maxRetryMs: 20, ...options });
  return { fake, sync };
}

function failureOf(resolve: () => string): ToolFailureCode | undefined {
  try {
    resolve();
    return undefined;
  } catch (error) {
    return (error as { code: ToolFailureCode }).code;
  }
}

describe('IndexSync', () => {
  it('computes the indexer address of an SDL', () => {
    expect(indexIdForSdl('type Query { a: Int }')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(indexIdForSdl('abc')).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('waits for a schema, then builds, then adopts once READY', async () => {
    const { fake, sync } = setup();
    expect(failureOf(() => sync.resolve())).toBe(ToolFailureCode.NotReady);
    sync.offer(V1);
    await waitFor(() => fake.callsOf('getIndex').length >= 2, 'polls');
    expect(sync.status()).toEqual({ phase: SyncPhase.Indexing, pendingIndexId: indexIdForSdl(V1) });
    expect(failureOf(() => sync.resolve())).toBe(ToolFailureCode.Building);
    fake.setStatus(V1, IndexStatus.READY);
    await waitFor(() => sync.status().phase === SyncPhase.Ready, 'ready');
    expect(sync.resolve()).toBe(indexIdForSdl(V1));
    expect(sync.status()).toEqual({ phase: SyncPhase.Ready, servingIndexId: indexIdForSdl(V1), symbolCount: expect.any(Number) });
  });

  it('does nothing when the same schema is offered again', async () => {
    const { fake, sync } = setup(IndexStatus.READY);
    sync.offer(V1);
    await waitFor(() => sync.status().servingIndexId, 'adoption');
    sync.offer(V1);
    sync.offer(`${V1}`);
    expect(fake.callsOf('ensureIndex')).toHaveLength(1);
  });

  it('keeps serving the previous index until the new one is READY', async () => {
    const { fake, sync } = setup(IndexStatus.READY);
    sync.offer(V1);
    await waitFor(() => sync.status().servingIndexId, 'adoption');
    fake.initialStatus = IndexStatus.INDEXING;
    sync.offer(V2);
    await waitFor(() => fake.callsOf('getIndex').length >= 2, 'polls of the new index');
    expect(sync.resolve()).toBe(indexIdForSdl(V1));
    expect(sync.status()).toMatchObject({ servingIndexId: indexIdForSdl(V1), pendingIndexId: indexIdForSdl(V2) });
    fake.setStatus(V2, IndexStatus.READY);
    await waitFor(() => sync.status().servingIndexId === indexIdForSdl(V2), 'switch to the new index');
    expect(sync.status().pendingIndexId).toBeUndefined();
  });

  it('keeps serving the previous index when the new build fails, and drops the target on revert', async () => {
    const { fake, sync } = setup(IndexStatus.READY);
    sync.offer(V1);
    await waitFor(() => sync.status().servingIndexId, 'adoption');
    fake.initialStatus = IndexStatus.FAILED;
    sync.offer(V2);
    await waitFor(() => sync.status().phase === SyncPhase.Failed, 'failure');
    expect(sync.resolve()).toBe(indexIdForSdl(V1));
    sync.offer(V1);
    expect(sync.status()).toEqual({ phase: SyncPhase.Ready, servingIndexId: indexIdForSdl(V1), symbolCount: expect.any(Number) });
  });

  it('gives up after the timeout and retries on a later tool call', async () => {
    const { fake, sync } = setup(IndexStatus.INDEXING, { timeoutMs: 30, failedRetryMs: 0 });
    sync.offer(V1);
    await waitFor(() => sync.status().phase === SyncPhase.TimedOut, 'timeout');
    expect(failureOf(() => sync.resolve())).toBe(ToolFailureCode.NotReady);
    const ensured = fake.callsOf('ensureIndex').length;
    fake.setStatus(V1, IndexStatus.READY);
    failureOf(() => sync.resolve());
    await waitFor(() => sync.status().servingIndexId, 'adoption after the retry');
    expect(fake.callsOf('ensureIndex').length).toBe(ensured + 1);
  });

  it('sends the schema again when the index vanishes while building', async () => {
    const { fake, sync } = setup();
    sync.offer(V1);
    await waitFor(() => fake.callsOf('getIndex').length >= 1, 'a poll');
    fake.evict(indexIdForSdl(V1));
    await waitFor(() => fake.callsOf('ensureIndex').length >= 2, 'the schema sent again');
    fake.setStatus(V1, IndexStatus.READY);
    await waitFor(() => sync.status().servingIndexId, 'adoption');
  });

  it('retries an unreachable service and an unauthorized token without blocking', async () => {
    const { fake, sync } = setup(IndexStatus.READY);
    fake.failures.set('ensureIndex', new ConnectError('down', Code.Unavailable));
    sync.offer(V1);
    await waitFor(() => sync.status().phase === SyncPhase.Unreachable, 'unreachable');
    expect(failureOf(() => sync.resolve())).toBe(ToolFailureCode.Unreachable);
    fake.failures.set('ensureIndex', new ConnectError('bad token', Code.PermissionDenied));
    await waitFor(() => sync.status().phase === SyncPhase.Unauthorized, 'unauthorized');
    expect(failureOf(() => sync.resolve())).toBe(ToolFailureCode.Misconfigured);
    fake.failures.delete('ensureIndex');
    await waitFor(() => sync.status().servingIndexId, 'adoption once the service answers');
  });

  it('stops on a schema the service rejects', async () => {
    const { fake, sync } = setup();
    fake.failures.set('ensureIndex', new ConnectError('sdl must not be blank', Code.InvalidArgument));
    sync.offer(V1);
    await waitFor(() => sync.status().phase === SyncPhase.Rejected, 'rejection');
    expect(fake.callsOf('ensureIndex')).toHaveLength(1);
  });

  it('reports a failing schema source only while nothing was loaded', async () => {
    const { sync } = setup(IndexStatus.READY);
    sync.sourceFailed('the schema file does not exist');
    expect(sync.status()).toEqual({ phase: SyncPhase.WaitingForSchema, reason: 'the schema file does not exist' });
    sync.offer(V1);
    await waitFor(() => sync.status().servingIndexId, 'adoption');
    sync.sourceFailed('the schema file does not exist');
    expect(sync.status().phase).toBe(SyncPhase.Ready);
  });

  it('re-sends the serving schema once when several calls see it expired', async () => {
    const { fake, sync } = setup(IndexStatus.READY);
    sync.offer(V1);
    const id = await waitFor(() => sync.status().servingIndexId, 'adoption');
    fake.evict(id);
    await Promise.all([sync.expired(id), sync.expired(id), sync.expired('sha256:other')]);
    expect(fake.callsOf('ensureIndex')).toHaveLength(2);
    expect(fake.indexes.has(id)).toBe(true);
  });
});
