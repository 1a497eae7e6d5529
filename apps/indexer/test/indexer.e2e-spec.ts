/**
 * The indexer end to end, as a Cosmo router uses it: a Connect client over
 * HTTP/1.1 (JSON and binary codecs) with bearer tokens, against a started
 * indexer on real Redis and BullMQ.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Code, ConnectError } from '@connectrpc/connect';
import { SignJWT } from 'jose';
import { IndexStatus } from '@discovery/proto';
import { waitFor } from '@discovery/testing';
import { CODECS, JWT_SECRET, TOKENS, uniqueSdl, useTestIndexer, type Yoko } from './indexer-harness.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/schemas/${name}`, import.meta.url), 'utf8');
const cosmo = fixture('cosmo-demo.graphql');
const subgraph = fixture('cosmo-demo-employees-subgraph.graphql');

async function code(promise: Promise<unknown>): Promise<Code | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return ConnectError.from(error).code;
  }
}

async function untilBuilt(client: Yoko, indexId: string): Promise<void> {
  await waitFor(async () => (await client.getIndex({ indexId })).index?.status !== IndexStatus.INDEXING, 60_000, `index ${indexId} to finish building`);
}

const indexer = useTestIndexer();

describe.each(CODECS)('the router lifecycle over the %s codec', (_codec, binary) => {
  it('ensure → poll → search → symbols → delete → not_found', async () => {
    const client = indexer().client(TOKENS.acme, { binary });
    const sdl = uniqueSdl(cosmo);
    const ensured = (await client.ensureIndex({ sdl })).index!;
    expect(ensured.indexId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ensured.status).toBe(IndexStatus.INDEXING);
    expect(ensured.createdAt).toBeDefined();
    await untilBuilt(client, ensured.indexId);

    const index = (await client.getIndex({ indexId: ensured.indexId })).index!;
    expect(index.status).toBe(IndexStatus.READY);
    expect(index.stale).toBe(false);
    expect(Number(index.symbolCount)).toBeGreaterThan(100);
    expect(index.indexedAt).toBeDefined();
    expect(index.error).toBe('');

    const { hits } = await client.searchSchema({ indexId: index.indexId, query: 'employee details', kinds: ['field'] });
    expect(hits.slice(0, 3).map((h) => h.coordinate)).toContain('field:Employee.details');
    const record = JSON.parse(hits.find((h) => h.coordinate === 'field:Employee.details')!.payload);
    expect(record).toMatchObject({ Coordinate: 'field:Employee.details' });

    const { symbols } = await client.getSymbols({
      indexId: index.indexId,
      coordinates: ['enum:Mood', 'object:DoesNotExist', 'field:Employee.details'],
    });
    expect(symbols.map((s) => s.coordinate)).toEqual(['enum:Mood', 'field:Employee.details']);
    expect(symbols.every((s) => s.score === 0)).toBe(true);
    expect(JSON.parse(symbols[0]!.payload).Values).toEqual(expect.arrayContaining([expect.objectContaining({ Name: 'HAPPY' })]));

    const listed = (await client.listIndexes({})).indexes.map((i) => i.indexId);
    expect(listed).toContain(index.indexId);

    await client.deleteIndex({ indexId: index.indexId });
    expect(await code(client.getIndex({ indexId: index.indexId }))).toBe(Code.NotFound);
    expect(await code(client.searchSchema({ indexId: index.indexId, query: 'employee' }))).toBe(Code.NotFound);
    expect(await code(client.getSymbols({ indexId: index.indexId, coordinates: ['enum:Mood'] }))).toBe(Code.NotFound);
  });
});

describe('auth and tenancy', () => {
  it('refuses a missing, unknown or expired token, and a token without the scope', async () => {
    const sdl = uniqueSdl(cosmo);
    expect(await code(indexer().client().ensureIndex({ sdl }))).toBe(Code.Unauthenticated);
    expect(await code(indexer().client('sd_wrong-token').listIndexes({}))).toBe(Code.Unauthenticated);
    const key = new TextEncoder().encode(JWT_SECRET);
    const expired = await new SignJWT({ tenant: 'acme' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await code(indexer().client(expired).listIndexes({}))).toBe(Code.Unauthenticated);
    const valid = await new SignJWT({ tenant: 'acme' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(key);
    expect(await code(indexer().client(valid).listIndexes({}))).toBe('ok');
    expect(await code(indexer().client(TOKENS.reader).ensureIndex({ sdl }))).toBe(Code.PermissionDenied);
    expect(await code(indexer().client(TOKENS.reader).listIndexes({}))).toBe('ok');
  });

  it('shows a tenant only the indexes it ensured; two tenants share one build', async () => {
    const acme = indexer().client(TOKENS.acme);
    const globex = indexer().client(TOKENS.globex, { binary: true });
    const sdl = uniqueSdl(cosmo);
    const { indexId } = (await acme.ensureIndex({ sdl })).index!;
    await untilBuilt(acme, indexId);
    for (const call of [
      globex.getIndex({ indexId }),
      globex.searchSchema({ indexId, query: 'employee' }),
      globex.getSymbols({ indexId, coordinates: ['object:Employee'] }),
      globex.deleteIndex({ indexId }),
    ]) {
      expect(await code(call)).toBe(Code.NotFound);
    }
    expect((await globex.listIndexes({})).indexes.map((i) => i.indexId)).not.toContain(indexId);

    const builds = await indexer().metric('discovery_index_builds_total');
    const shared = (await globex.ensureIndex({ sdl })).index!;
    expect(shared.status).toBe(IndexStatus.READY);
    expect((await globex.listIndexes({})).indexes.map((i) => i.indexId)).toContain(indexId);
    expect(await indexer().metric('discovery_index_builds_total')).toBe(builds);
  });
});

describe('builds', () => {
  it('builds once for many concurrent EnsureIndex calls', async () => {
    const before = await indexer().metric('discovery_index_builds_total');
    const sdl = uniqueSdl(cosmo);
    const callers = Array.from({ length: 20 }, (_, i) => indexer().client(i % 2 ? TOKENS.acme : TOKENS.globex, { binary: i % 3 === 0 }));
    const results = await Promise.all(callers.map((c) => c.ensureIndex({ sdl })));
    const ids = new Set(results.map((r) => r.index!.indexId));
    expect(ids.size).toBe(1);
    const [indexId] = [...ids];
    await untilBuilt(callers[0]!, indexId!);
    await waitFor(async () => (await indexer().metric('discovery_index_builds_total')) > before, 10_000, 'the build metric');
    expect(await indexer().metric('discovery_index_builds_total')).toBe(before + 1);
  });

  it('marks an SDL that does not parse FAILED with the line, and retries it on the next EnsureIndex', async () => {
    const client = indexer().client(TOKENS.acme);
    const sdl = `type Query {\n  a: Int\n  b(: String\n}\n# ${Math.random()}`;
    const { indexId } = (await client.ensureIndex({ sdl })).index!;
    await untilBuilt(client, indexId);
    const failed = (await client.getIndex({ indexId })).index!;
    expect(failed.status).toBe(IndexStatus.FAILED);
    expect(failed.error).toMatch(/line 3/);
    expect(await code(client.searchSchema({ indexId, query: 'a' }))).toBe(Code.FailedPrecondition);
    const again = (await client.ensureIndex({ sdl })).index!;
    expect(again.status).toBe(IndexStatus.INDEXING);
  });

  it('indexes a federation subgraph and a schema with a duplicated field leniently', async () => {
    const client = indexer().client(TOKENS.acme, { binary: true });
    const duplicated = `type Query { user: User }\ntype User { id: ID! name: String name: String }\n# ${Math.random()}`;
    for (const sdl of [uniqueSdl(subgraph), duplicated]) {
      const { indexId } = (await client.ensureIndex({ sdl })).index!;
      await untilBuilt(client, indexId);
      expect((await client.getIndex({ indexId })).index!.status).toBe(IndexStatus.READY);
    }
  });
});

describe('malformed requests', () => {
  const bad = `sha256:${'A'.repeat(64)}`;
  const good = `sha256:${'0'.repeat(64)}`;
  it.each([
    ['EnsureIndex with a blank SDL', (c: Yoko) => c.ensureIndex({ sdl: '  \n\t' })],
    ['GetIndex with a malformed id', (c: Yoko) => c.getIndex({ indexId: bad })],
    ['DeleteIndex with a malformed id', (c: Yoko) => c.deleteIndex({ indexId: 'nope' })],
    ['SearchSchema with a blank query', (c: Yoko) => c.searchSchema({ indexId: good, query: ' ' })],
    ['SearchSchema with a negative limit', (c: Yoko) => c.searchSchema({ indexId: good, query: 'x', limit: -1 })],
    ['GetSymbols without coordinates', (c: Yoko) => c.getSymbols({ indexId: good, coordinates: [] })],
    ['GenerateQuery with a blank prompt', (c: Yoko) => c.generateQuery({ indexId: good, prompt: '' })],
  ])('%s is invalid_argument', async (_name, call) => {
    expect(await code(call(indexer().client(TOKENS.acme)))).toBe(Code.InvalidArgument);
  });

  it('answers not_found for an index nobody ensured', async () => {
    expect(await code(indexer().client(TOKENS.acme).searchSchema({ indexId: good, query: 'x' }))).toBe(Code.NotFound);
  });
});
