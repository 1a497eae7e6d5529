/**
 * The discovery service with real parts in memory: MemoryIndexStore,
 * InProcessJobQueue, InProcessEventBus, the real symbol extraction and
 * ranking. The HTTP/Redis/BullMQ path is covered by apps/indexer's e2e suite.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { InProcessEventBus, InProcessJobQueue, MemoryIndexStore, StorageError, StorageErrorCode } from '@discovery/storage';
import { waitFor } from '@discovery/testing';
import { Authenticator } from '@discovery/auth';
import { DiscoveryErrorCode } from './discovery.errors.js';
import type { BuildJobData, BuildJobResult, Caller } from './discovery.types.js';
import { createDiscoveryRuntime, type DiscoveryRuntime } from './discovery.runtime.js';
import { indexIdForSdl } from '@discovery/proto';

const cosmo = readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo.graphql', import.meta.url), 'utf8');
const renamedRoots = readFileSync(new URL('../../../test/fixtures/schemas/renamed-roots.graphql', import.meta.url), 'utf8');
const acme: Caller = { tenant: 'acme' };
const globex: Caller = { tenant: 'globex' };

interface Harness {
  runtime: DiscoveryRuntime;
  store: MemoryIndexStore;
  queue: InProcessJobQueue<BuildJobData, BuildJobResult>;
  clock: { now: number };
}

const open: Harness[] = [];

async function harness(options: { version?: string; store?: MemoryIndexStore; clock?: { now: number }; idleTtlMs?: number } = {}): Promise<Harness> {
  const clock = options.clock ?? { now: Date.now() };
  const store = options.store ?? new MemoryIndexStore({ now: () => clock.now });
  const queue = new InProcessJobQueue<BuildJobData, BuildJobResult>('index-build', { backoffMs: 1 });
  const runtime = createDiscoveryRuntime({
    store,
    events: new InProcessEventBus(),
    buildQueue: queue,
    authenticator: new Authenticator({ enabled: false }),
    limits: { idleTtlMs: options.idleTtlMs ?? 60_000, maxSdlBytes: 4_000_000, cacheMaxBytes: 64 << 20, buildConcurrency: 1 },
    ...(options.version ? { version: options.version } : {}),
  });
  await runtime.start();
  const h = { runtime, store, queue, clock };
  open.push(h);
  return h;
}

async function ready(h: Harness, caller: Caller, sdl: string): Promise<string> {
  const view = await h.runtime.service.ensureIndex(caller, sdl);
  await waitFor(async () => (await h.runtime.service.getIndex(caller, view.id)).status !== 'indexing', 20_000);
  return view.id;
}

afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.runtime.stop();
    await h.queue.close();
    await h.store.close();
  }
});

describe('DiscoveryService', () => {
  it('ensures, builds, searches, reads and deletes an index', async () => {
    const h = await harness();
    const first = await h.runtime.service.ensureIndex(acme, cosmo);
    expect(first.id).toBe(indexIdForSdl(cosmo));
    expect(first.status).toBe('indexing');
    const id = await ready(h, acme, cosmo);
    const view = await h.runtime.service.getIndex(acme, id);
    expect(view).toMatchObject({ status: 'ready', stale: false });
    expect(view.symbolCount).toBeGreaterThan(100);
    expect(view.indexedAt).toBeInstanceOf(Date);

    const hits = await h.runtime.service.search(acme, { indexId: id, query: 'employee details', kinds: ['field'] });
    expect(hits.slice(0, 3).map((hit) => hit.coordinate)).toContain('field:Employee.details');
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);

    const symbols = await h.runtime.service.getSymbols(acme, {
      indexId: id,
      coordinates: ['enum:Mood', 'field:Nope.nothing', 'field:Employee.details'],
    });
    expect(symbols.map((s) => s.coordinate)).toEqual(['enum:Mood', 'field:Employee.details']);
    expect(symbols[0]!.record).toMatchObject({ Coordinate: 'enum:Mood' });

    await h.runtime.service.deleteIndex(acme, id);
    await expect(h.runtime.service.getIndex(acme, id)).rejects.toMatchObject({ code: DiscoveryErrorCode.NotFound });
    await expect(h.runtime.service.search(acme, { indexId: id, query: 'employee' })).rejects.toMatchObject({
      code: DiscoveryErrorCode.NotFound,
    });
  });

  it('answers failed_precondition, not the old cached data, for an index deleted and ensured again', async () => {
    const store = new MemoryIndexStore();
    const queue = new InProcessJobQueue<BuildJobData, BuildJobResult>('index-build');
    const api = createDiscoveryRuntime({
      store,
      events: new InProcessEventBus(),
      buildQueue: queue,
      authenticator: new Authenticator({ enabled: false }),
      limits: { idleTtlMs: 60_000, maxSdlBytes: 4_000_000, cacheMaxBytes: 64 << 20, buildConcurrency: 1 },
      runBuildWorker: false,
    });
    await api.start();
    const worker = await harness({ store });
    const id = (await worker.runtime.service.ensureIndex(acme, cosmo)).id;
    await waitFor(async () => (await api.service.getIndex(acme, id)).status === 'ready', 20_000);
    await api.service.search(acme, { indexId: id, query: 'employee' }); // cached by `api` now
    await api.service.deleteIndex(acme, id);
    expect((await api.service.ensureIndex(acme, cosmo)).status).toBe('indexing'); // no worker consumes `api`'s queue
    await expect(api.service.search(acme, { indexId: id, query: 'employee' })).rejects.toMatchObject({
      code: DiscoveryErrorCode.FailedPrecondition,
    });
    await expect(api.service.getSymbols(acme, { indexId: id, coordinates: ['enum:Mood'] })).rejects.toMatchObject({
      code: DiscoveryErrorCode.FailedPrecondition,
    });
    await api.stop();
    await queue.close();
  });

  it('keeps tenants apart and shares one build between them', async () => {
    const h = await harness();
    const id = await ready(h, acme, cosmo);
    await expect(h.runtime.service.getIndex(globex, id)).rejects.toMatchObject({ code: DiscoveryErrorCode.NotFound });
    await expect(h.runtime.service.search(globex, { indexId: id, query: 'employee' })).rejects.toMatchObject({
      code: DiscoveryErrorCode.NotFound,
    });
    await expect(h.runtime.service.deleteIndex(globex, id)).rejects.toMatchObject({ code: DiscoveryErrorCode.NotFound });
    expect(await h.runtime.service.listIndexes(globex)).toEqual([]);

    const shared = await h.runtime.service.ensureIndex(globex, cosmo);
    expect(shared.status).toBe('ready');
    expect((await h.runtime.service.listIndexes(globex)).map((i) => i.id)).toEqual([id]);

    // One tenant deleting leaves the other's claim intact.
    await h.runtime.service.deleteIndex(acme, id);
    await expect(h.runtime.service.getIndex(acme, id)).rejects.toMatchObject({ code: DiscoveryErrorCode.NotFound });
    expect((await h.runtime.service.getIndex(globex, id)).status).toBe('ready');
  });

  it('answers failed_precondition while building and FAILED with the line for an SDL that does not parse', async () => {
    const h = await harness();
    const broken = 'type Query {\n  a: Int\n  b: \n}\n';
    const view = await h.runtime.service.ensureIndex(acme, broken);
    await expect(h.runtime.service.search(acme, { indexId: view.id, query: 'a' })).rejects.toMatchObject({
      code: DiscoveryErrorCode.FailedPrecondition,
    });
    await waitFor(async () => (await h.runtime.service.getIndex(acme, view.id)).status === 'failed', 10_000);
    const failed = await h.runtime.service.getIndex(acme, view.id);
    expect(failed.error).toMatch(/line 4/);
    await expect(h.runtime.service.getSymbols(acme, { indexId: view.id, coordinates: ['object:Query'] })).rejects.toMatchObject({
      code: DiscoveryErrorCode.FailedPrecondition,
    });
  });

  it('indexes a federation subgraph leniently', async () => {
    const h = await harness();
    const subgraph = readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo-employees-subgraph.graphql', import.meta.url), 'utf8');
    const id = await ready(h, acme, subgraph);
    expect((await h.runtime.service.getIndex(acme, id)).status).toBe('ready');
    const hits = await h.runtime.service.search(acme, { indexId: id, query: 'employee', kinds: ['object'] });
    expect(hits.map((hit) => hit.coordinate)).toContain('object:Employee');
  });

  it('rebuilds a stale index in place while it keeps serving', async () => {
    const store = new MemoryIndexStore();
    const old = await harness({ version: 'v-old', store });
    const id = await ready(old, acme, cosmo);
    await old.runtime.stop();
    await old.queue.close();

    const queue = new InProcessJobQueue<BuildJobData, BuildJobResult>('index-build');
    const fresh = createDiscoveryRuntime({
      store,
      events: new InProcessEventBus(),
      buildQueue: queue,
      authenticator: new Authenticator({ enabled: false }),
      limits: { idleTtlMs: 60_000, maxSdlBytes: 4_000_000, cacheMaxBytes: 64 << 20, buildConcurrency: 1 },
      version: 'v-new',
      runBuildWorker: false,
    });
    await fresh.start();
    const during = await fresh.service.ensureIndex(acme, cosmo);
    expect(during).toMatchObject({ status: 'ready', stale: true });
    // The old data serves while the rebuild waits for a worker.
    const hits = await fresh.service.search(acme, { indexId: id, query: 'employee details', kinds: ['field'] });
    expect(hits.length).toBeGreaterThan(0);

    const worker = await harness({ version: 'v-new', store });
    await worker.runtime.service.ensureIndex(acme, cosmo);
    await waitFor(async () => !(await fresh.service.getIndex(acme, id)).stale, 20_000);
    expect(await fresh.service.getIndex(acme, id)).toMatchObject({ status: 'ready', stale: false });
    await fresh.stop();
    await queue.close();
  });

  it('evicts an index nobody used for the idle period', async () => {
    const clock = { now: Date.now() };
    const h = await harness({ clock, idleTtlMs: 1_000 });
    const id = await ready(h, acme, cosmo);
    clock.now += 500;
    await h.runtime.service.getIndex(acme, id); // a use: the period starts again
    clock.now += 800;
    expect((await h.runtime.service.getIndex(acme, id)).status).toBe('ready');
    clock.now += 1_500;
    await expect(h.runtime.service.getIndex(acme, id)).rejects.toMatchObject({ code: DiscoveryErrorCode.NotFound });
    expect(await h.runtime.service.listIndexes(acme)).toEqual([]);
  });

  it.each([
    ['a malformed index id', { indexId: 'sha256:XYZ', query: 'a' }],
    ['a blank query', { indexId: indexIdForSdl('x'), query: '   ' }],
    ['a negative limit', { indexId: indexIdForSdl('x'), query: 'a', limit: -1 }],
  ])('rejects %s as invalid_argument', async (_name, input) => {
    const h = await harness();
    await expect(h.runtime.service.search(acme, input)).rejects.toMatchObject({ code: DiscoveryErrorCode.InvalidArgument });
  });

  it('matches nothing for an unknown kind, never an error (docs/wire.md §1; issue 23)', async () => {
    const h = await harness();
    const id = await ready(h, acme, cosmo);
    expect(await h.runtime.service.search(acme, { indexId: id, query: 'employee', kinds: ['feild', 'Field'] })).toEqual([]);
    const mixed = await h.runtime.service.search(acme, { indexId: id, query: 'employee', kinds: ['field', 'feild'] });
    expect(mixed).not.toHaveLength(0);
    expect(mixed.every((hit) => hit.coordinate.startsWith('field:'))).toBe(true);
  });

  it('rejects no coordinates, a blank SDL, an SDL over the limit and a blank prompt', async () => {
    const h = await harness();
    const id = indexIdForSdl('x');
    await expect(h.runtime.service.getSymbols(acme, { indexId: id, coordinates: [] })).rejects.toMatchObject({
      code: DiscoveryErrorCode.InvalidArgument,
    });
    await expect(h.runtime.service.ensureIndex(acme, ' \n ')).rejects.toMatchObject({ code: DiscoveryErrorCode.InvalidArgument });
    await expect(h.runtime.service.ensureIndex(acme, `type Query { a: Int }${' '.repeat(4_000_001)}`)).rejects.toMatchObject({
      code: DiscoveryErrorCode.InvalidArgument,
    });
    await expect(h.runtime.service.generate(acme, { indexId: id, prompt: ' ' })).rejects.toMatchObject({
      code: DiscoveryErrorCode.InvalidArgument,
    });
  });

  it('answers unimplemented for generation when no model is configured', async () => {
    const h = await harness();
    const id = await ready(h, acme, cosmo);
    await expect(h.runtime.service.generate(acme, { indexId: id, prompt: 'list employees' })).rejects.toMatchObject({
      code: DiscoveryErrorCode.Unimplemented,
    });
  });

  it('creates an index whole or not at all: a build that cannot be queued leaves nothing (issue 14 item 7)', async () => {
    const h = await harness();
    const enqueue = h.queue.enqueue.bind(h.queue);
    await ready(h, globex, cosmo);
    let failing = true;
    h.queue.enqueue = async (data, options) => {
      if (failing) throw new StorageError(StorageErrorCode.OutOfMemory, 'enqueue: Redis is out of memory and refuses writes (maxmemory reached)');
      return enqueue(data, options);
    };
    const sdl = 'type Query { whole: Int }';
    await expect(h.runtime.service.ensureIndex(acme, sdl)).rejects.toMatchObject({ code: StorageErrorCode.OutOfMemory });
    expect(await h.store.getMeta(indexIdForSdl(sdl))).toBeUndefined();
    expect(await h.runtime.service.listIndexes(acme)).toEqual([]);
    // Another tenant's claim keeps the index: only the state this call changed goes back.
    await h.store.updateMeta(indexIdForSdl(cosmo), { state: 'failed', error: 'boom' });
    await expect(h.runtime.service.ensureIndex(acme, cosmo)).rejects.toMatchObject({ code: StorageErrorCode.OutOfMemory });
    expect(await h.store.getMeta(indexIdForSdl(cosmo))).toMatchObject({ state: 'failed', building: false, error: 'boom' });
    failing = false;
    expect((await h.runtime.service.ensureIndex(acme, sdl)).status).toBe('indexing');
    expect((await h.runtime.service.getIndex(acme, await ready(h, acme, sdl))).status).toBe('ready');
  });

  it("shows a tenant its own claim time; another tenant's delete keeps the loaded index (issue 14 item 8)", async () => {
    const h = await harness();
    const id = await ready(h, acme, cosmo);
    const acmeView = await h.runtime.service.getIndex(acme, id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const claimed = Date.now();
    const globexView = await h.runtime.service.ensureIndex(globex, cosmo);
    expect(globexView.status).toBe('ready');
    expect(globexView.createdAt.getTime()).toBeGreaterThanOrEqual(claimed);
    expect(globexView.indexedAt!.getTime()).toBeGreaterThanOrEqual(globexView.createdAt.getTime());
    expect((await h.runtime.service.listIndexes(globex))[0]!.createdAt).toEqual(globexView.createdAt);
    expect((await h.runtime.service.getIndex(acme, id)).createdAt).toEqual(acmeView.createdAt);
    await h.runtime.service.search(acme, { indexId: id, query: 'employee' });
    expect(h.runtime.reader.cachedIndexes).toBe(1);
    await h.runtime.service.deleteIndex(globex, id);
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.runtime.reader.cachedIndexes).toBe(1);
    await expect(h.runtime.service.search(globex, { indexId: id, query: 'employee' })).rejects.toMatchObject({ code: DiscoveryErrorCode.NotFound });
    expect(await h.runtime.service.search(acme, { indexId: id, query: 'employee' })).not.toHaveLength(0);
  });
});

describe('root names (issue 26: one spelling rule, roots not called Query and Mutation)', () => {
  it('slices for a mutation by the operation word in any case or by the root type name', async () => {
    const h = await harness();
    const id = await ready(h, acme, renamedRoots);
    const slices = await Promise.all(
      [['mutation'], ['Mutation'], ['MUTATION'], ['Mutations']].map((roots) =>
        h.runtime.service.getSchemaSlice(acme, { indexId: id, query: 'create an app', roots, maxTokens: 2000 }),
      ),
    );
    expect(slices[0]!.sdl).toContain('type Mutations');
    expect(slices[0]!.sdl).toContain('createApp');
    for (const slice of slices) expect(slice.sdl).toBe(slices[0]!.sdl);
    const query = await h.runtime.service.getSchemaSlice(acme, { indexId: id, query: 'an app', maxTokens: 2000 });
    expect(query.sdl).toContain('type Queries');
    expect(query.sdl).not.toContain('type Mutations');
  });

  it("names the valid spellings and the schema's own root names for an unknown root", async () => {
    const h = await harness();
    const id = await ready(h, acme, renamedRoots);
    await expect(h.runtime.service.getSchemaSlice(acme, { indexId: id, query: 'app', roots: ['Mutate'] })).rejects.toThrow(
      'unknown root "Mutate"; roots are query, mutation and subscription (any case), or this schema\'s root type names: Queries, Mutations',
    );
  });

  it("takes a root word as search's parent, with or without a kind", async () => {
    const h = await harness();
    const id = await ready(h, acme, renamedRoots);
    for (const parent of ['mutation', 'Mutation', 'object:Mutation', 'Mutations', 'object:Mutations']) {
      const hits = await h.runtime.service.search(acme, { indexId: id, query: 'app', parent });
      expect(hits.map((hit) => hit.coordinate).sort()).toEqual(['field:Mutations.createApp', 'field:Mutations.deleteApp']);
    }
    const roots = await h.runtime.service.search(acme, { indexId: id, query: 'app', roots: ['Mutation'], kinds: ['field'] });
    expect(roots.map((hit) => hit.coordinate)).toContain('field:Mutations.createApp');
    expect(roots.map((hit) => hit.coordinate)).not.toContain('field:Queries.app');
  });
});
