/**
 * The bridge against a real indexer (built service, real Redis): every docs/wire.md §2 text from a
 * real cause (index still building, evicted index rebuilt, failed build, wrong token, invalid
 * input, indexer stopped) and a schema file changed while serving. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOOL_TEXTS, type SyncStatus } from '@discovery/mcp';
import { waitFor } from '@discovery/mcp/testing';
import { IndexStatus } from '@discovery/proto';
import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { call, startBridge, textOf, type BridgeUnderTest } from './bridge-harness.js';
import { ROOT, startRealIndexer, type RealIndexer } from './real-indexer.js';

const COSMO = readFileSync(join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql'), 'utf8');
const SHOPIFY = readFileSync(join(ROOT, 'test/fixtures/schemas/shopify-admin.graphql'), 'utf8');
const RENAMED_ROOTS = readFileSync(join(ROOT, 'test/fixtures/schemas/renamed-roots.graphql'), 'utf8');

let indexer: RealIndexer;

/** `types` object types of eight fields each, to make a build take a while. */
function filler(types: number): string {
  const fields = (i: number) => Array.from({ length: 8 }, (_, f) => `  f${f}x${i}(arg: Int = ${f}): String`).join('\n');
  return Array.from({ length: types }, (_, i) => `type Filler${i} {\n${fields(i)}\n}\n`).join('');
}
const bridges: BridgeUnderTest[] = [];

async function bridge(sdl: string, token?: string): Promise<BridgeUnderTest> {
  const b = await startBridge({ discoveryUrl: indexer.url, discoveryToken: token ?? indexer.token, sdl, pollIntervalMs: 50 });
  bridges.push(b);
  return b;
}

/** Resolves with the first status matching `predicate`, seen synchronously as it happens. */
function statusWhen(b: BridgeUnderTest, predicate: (s: SyncStatus) => boolean): Promise<SyncStatus> {
  return new Promise((resolve) => {
    const now = b.runtime.sync.status();
    if (predicate(now)) return resolve(now);
    const off = b.runtime.sync.onChange((s) => {
      if (predicate(s)) {
        off();
        resolve(s);
      }
    });
  });
}

beforeAll(async () => {
  indexer = await startRealIndexer('bridge-e2e');
}, 90_000);

afterAll(async () => {
  await Promise.all(bridges.map((b) => b.close()));
  await indexer?.stop();
}, 60_000);

describe('bridge against a real indexer', () => {
  it('serves search and read on an indexed schema', async () => {
    const b = await bridge(COSMO);
    const client = await b.connect();
    await waitFor(() => b.runtime.sync.status().servingIndexId, 'the cosmo index', 60_000);
    const search = await call(client, 'search_schema', { query: 'employees', kinds: ['field'] });
    const hits = (search.structuredContent as { hits: Array<{ coordinate: string; record: Record<string, unknown> }> }).hits;
    expect(hits.map((h) => h.coordinate)).toContain('field:Query.employees');
    expect(typeof hits[0]!.record).toBe('object');
    const read = await call(client, 'get_symbols', { coordinates: ['field:Query.employees', 'object:NoSuchType'] });
    const symbols = (read.structuredContent as { symbols: Array<{ coordinate: string; record: { Coordinate: string } }> }).symbols;
    expect(symbols.map((s) => s.coordinate)).toEqual(['field:Query.employees']);
    expect(symbols[0]!.record.Coordinate).toBe('field:Query.employees');
    const slice = await call(client, 'get_schema_slice', { query: 'employees and their current mood', maxTokens: 600 });
    const sliced = slice.structuredContent as { sdl: string; tokens: number; coordinates: string[]; truncated: boolean };
    expect(sliced.sdl).toMatch(/currentMood: Mood/);
    expect(sliced.tokens).toBeGreaterThan(0);
    expect(sliced.tokens).toBeLessThanOrEqual(600);
    expect(sliced.coordinates).toEqual(expect.arrayContaining(['field:Query.employees', 'field:Employee.currentMood']));
    const invalid = await call(client, 'search_schema', { query: 'employees', limit: 0 });
    expect(textOf(invalid)).toBe(`${TOOL_TEXTS.invalid_request} Limit must be at least 1.`);
  }, 90_000);

  it('slices for a mutation and filters by a root parent, whatever the roots are called (issue 26)', async () => {
    const b = await bridge(RENAMED_ROOTS);
    const client = await b.connect();
    await waitFor(() => b.runtime.sync.status().servingIndexId, 'the renamed-roots index', 60_000);
    for (const root of ['mutation', 'Mutation', 'Mutations']) {
      const slice = (await call(client, 'get_schema_slice', { query: 'create an app', root, maxTokens: 1000 })).structuredContent as { sdl: string };
      expect(slice.sdl).toContain('type Mutations');
      expect(slice.sdl).toContain('createApp(input: CreateAppInput!)');
    }
    const reading = (await call(client, 'get_schema_slice', { query: 'create an app', maxTokens: 1000 })).structuredContent as { sdl: string };
    expect(reading.sdl).not.toContain('type Mutations');
    const unknown = await call(client, 'get_schema_slice', { query: 'app', root: 'Mutate' });
    expect(textOf(unknown)).toContain(`${TOOL_TEXTS.invalid_request} Unknown root "Mutate"; roots are query, mutation and subscription`);
    for (const parent of ['mutation', 'Mutation', 'object:Mutations']) {
      const search = (await call(client, 'search_schema', { query: 'app', parent })).structuredContent as { hits: Array<{ coordinate: string }> };
      expect(search.hits.map((hit) => hit.coordinate).sort()).toEqual(['field:Mutations.createApp', 'field:Mutations.deleteApp']);
    }
  }, 90_000);

  it('says building during the first build, and expired after eviction, which rebuilds the index', async () => {
    const b = await bridge(SHOPIFY);
    const client = await b.connect();
    await statusWhen(b, (s) => s.phase === 'indexing' && !s.servingIndexId);
    expect(textOf(await call(client, 'search_schema', { query: 'orders' }))).toBe(TOOL_TEXTS.building);
    const id = await waitFor(() => b.runtime.sync.status().servingIndexId, 'the shopify index', 240_000);
    expect((await call(client, 'search_schema', { query: 'orders' })).isError).toBeFalsy();
    await indexer.operator.deleteIndex({ indexId: id });
    expect(textOf(await call(client, 'search_schema', { query: 'orders' }))).toBe(TOOL_TEXTS.expired);
    // The schema was sent again: the index exists again and is rebuilt at the same address.
    const status = async () => (await indexer.operator.getIndex({ indexId: id }).catch(() => undefined))?.index?.status;
    await waitFor(async () => (await status()) === IndexStatus.READY, 'the rebuild', 240_000);
    expect((await call(client, 'get_symbols', { coordinates: ['object:Order'] })).isError).toBeFalsy();
  }, 600_000);

  it('says the request is not valid, with the line and column, when the schema does not parse (issue 26)', async () => {
    const b = await bridge('type Query {\n  a: String\n  %%% not GraphQL\n}\n');
    const client = await b.connect();
    await waitFor(() => b.runtime.sync.status().phase === 'failed', 'the failed build', 120_000);
    const text = textOf(await call(client, 'search_schema', { query: 'x' }));
    expect(text).toMatch(new RegExp(`^${TOOL_TEXTS.invalid_request.replace('.', '\\.')} The index build failed: Syntax Error: .* at line 3, column 3\\.$`));
    expect(text).not.toMatch(/Retry/);
  }, 150_000);

  it('says discovery is misconfigured with a token the indexer does not know', async () => {
    const b = await bridge(COSMO, 'sd_wrong-token-0000000000000000000000000000');
    const client = await b.connect();
    await waitFor(() => b.runtime.sync.status().phase === 'unauthorized', 'the refused token', 30_000);
    expect(textOf(await call(client, 'search_schema', { query: 'x' }))).toBe(TOOL_TEXTS.misconfigured);
  }, 60_000);

  it('keeps serving the old index while a changed schema file is indexed', async () => {
    const b = await bridge(COSMO);
    const client = await b.connect();
    const v1 = await waitFor(() => b.runtime.sync.status().servingIndexId, 'the cosmo index', 60_000);
    // Many new types, so the new build takes long enough to be observed while the old one serves.
    await appendFile(b.schemaPath, `\n"""A team of employees."""\ntype Squadron { name: String! }\n${filler(1500)}`);
    const pending = await statusWhen(b, (s) => s.pendingIndexId !== undefined && s.pendingIndexId !== v1);
    expect(pending.servingIndexId).toBe(v1);
    const during = await call(client, 'get_symbols', { coordinates: ['object:Squadron', 'field:Query.employees'] });
    expect((during.structuredContent as { symbols: unknown[] }).symbols).toHaveLength(1);
    await waitFor(() => b.runtime.sync.status().servingIndexId === pending.pendingIndexId, 'the new index', 120_000);
    const after = await call(client, 'get_symbols', { coordinates: ['object:Squadron'] });
    expect((after.structuredContent as { symbols: Array<{ coordinate: string }> }).symbols.map((s) => s.coordinate)).toEqual(['object:Squadron']);
  }, 180_000);

  it('says the service is unreachable once the indexer stopped', async () => {
    const b = await bridge(COSMO);
    const client = await b.connect();
    await waitFor(() => b.runtime.sync.status().servingIndexId, 'the cosmo index', 60_000);
    await indexer.stop();
    // The fixed text, and the URL it tried (issue 16).
    expect(textOf(await call(client, 'search_schema', { query: 'employees' }))).toBe(
      `${TOOL_TEXTS.unreachable} Tried the indexer at ${indexer.url}; is it running?`,
    );
  }, 90_000);
});
