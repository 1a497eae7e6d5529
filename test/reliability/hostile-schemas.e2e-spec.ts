/**
 * Schemas built to hurt (deep nesting, 10,000 fields, huge descriptions,
 * recursive inputs, cycles, case-folding collisions, non-ASCII names,
 * invalid UTF-8, an SDL over MAX_SDL_BYTES): each indexes within a hard cap
 * or fails with a readable reason; the indexer keeps serving others, and
 * records stay small enough for a model's context.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Code } from '@connectrpc/connect';
import { IndexStatus } from '@discovery/proto';
import { codeOf, leaks, outcome, rawCall } from './support/connect-calls.js';
import { caseFoldingCollisions, hostileSchemas } from './support/hostile-schemas.js';
import { dropPrefix, fixture, startTestIndexer, TOKENS, unique, untilSettled, type RunningIndexer } from './support/test-indexer.js';

/** A record read by a model must stay small (docs/wire.md §3): a search hit's, and any record not listed as `whole`. */
const MAX_PAYLOAD_BYTES = 64 * 1024;
/** A whole record (GetSymbols) is bounded by its SDL: JSON of a short member costs a few times its SDL text. */
const WHOLE_RECORD_FACTOR = 4;
const MAX_SDL = 8 * 1024 * 1024;

let indexer: RunningIndexer;

beforeAll(async () => {
  indexer = await startTestIndexer({ MAX_SDL_BYTES: String(MAX_SDL) });
});

afterAll(async () => {
  await indexer.stop();
  await dropPrefix(indexer.prefix);
});

describe('hostile schemas', () => {
  it.each(hostileSchemas().map((s) => [s.name, s] as const))(
    '%s: READY or FAILED with a readable reason',
    async (_name, schema) => {
      const client = indexer.client(TOKENS.acme, { binary: true });
      const started = Date.now();
      const { indexId } = (await client.ensureIndex({ sdl: unique(schema.sdl) })).index!;
      const index = await untilSettled(client, indexId, 180_000);
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `hostile ${schema.name}: ${IndexStatus[index.status]} in ${seconds.toFixed(1)} s, ${index.symbolCount} symbols${index.error ? `, error: ${index.error.slice(0, 160)}` : ''}\n`,
      );
      expect([IndexStatus.READY, IndexStatus.FAILED]).toContain(index.status);
      if (index.status === IndexStatus.FAILED) {
        expect(index.error.trim().length).toBeGreaterThan(10);
        expect(index.error.length).toBeLessThan(2_000);
        expect(leaks(index.error, [])).toEqual([]);
        expect(await codeOf(client.searchSchema({ indexId, query: 'a' }))).toBe(Code.FailedPrecondition);
        return;
      }
      const { hits } = await client.searchSchema({ indexId, query: 'field value orders next', limit: 50 });
      for (const hit of hits) expect(Buffer.byteLength(hit.payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      if (schema.largest) {
        const { symbols } = await client.getSymbols({ indexId, coordinates: schema.largest });
        expect(symbols.length).toBeGreaterThan(0);
        const sizes = symbols.map((s) => [s.coordinate, Buffer.byteLength(s.payload)] as const);
        process.stdout.write(`hostile ${schema.name}: record bytes ${sizes.map(([c, n]) => `${c}=${n}`).join(' ')}\n`);
        const whole = new Set(schema.whole?.map((w) => w.coordinate));
        for (const [coordinate, size] of sizes) {
          expect(size).toBeLessThanOrEqual(whole.has(coordinate) ? WHOLE_RECORD_FACTOR * Buffer.byteLength(schema.sdl) : MAX_PAYLOAD_BYTES);
        }
      }
      for (const { coordinate, query, kind } of schema.whole ?? []) {
        // The whole record is over the bound; its search hit is shortened under it, and says so.
        const hit = (await client.searchSchema({ indexId, query, kinds: [kind], limit: 50 })).hits.find((h) => h.coordinate === coordinate);
        expect(hit).toBeDefined();
        expect(Buffer.byteLength(hit!.payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
        expect(Object.keys(JSON.parse(hit!.payload) as object)).toEqual(
          expect.arrayContaining([expect.stringMatching(/^(DescriptionShortened|More[A-Z]\w+)$/)]),
        );
      }
      // The indexer keeps serving everyone else.
      expect(await codeOf(client.listIndexes({}))).toBe('ok');
    },
    240_000,
  ); // the builds' own cap is 180 s (untilSettled); jest's default 30 s is not enough on a loaded machine

  it('keeps case-folding collisions apart: each coordinate reads its own record', async () => {
    const client = indexer.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: unique(caseFoldingCollisions().sdl) })).index!;
    expect((await untilSettled(client, indexId)).status).toBe(IndexStatus.READY);
    const coordinates = ['object:user', 'object:User', 'object:USER', 'field:user.id', 'field:user.ID', 'field:user.Id', 'field:Query.User'];
    const { symbols } = await client.getSymbols({ indexId, coordinates });
    expect(symbols.map((s) => s.coordinate)).toEqual(coordinates);
    for (const symbol of symbols) expect((JSON.parse(symbol.payload) as { Coordinate: string }).Coordinate).toBe(symbol.coordinate);
    const values = JSON.parse((await client.getSymbols({ indexId, coordinates: ['enum:mood'] })).symbols[0]!.payload) as { Values: { Name: string }[] };
    expect(values.Values.map((v) => v.Name).sort()).toEqual(['HAPPY', 'Happy', 'happy']);
  });

  it('refuses an SDL over MAX_SDL_BYTES with a reason naming the limit', async () => {
    const big = `type Query { a: Int }\n${'#'.repeat(MAX_SDL + 10)}`;
    const result = await outcome(indexer.client(TOKENS.acme, { binary: true }).ensureIndex({ sdl: big }));
    expect(result.code).toBe(Code.InvalidArgument);
    expect(result.message).toMatch(/MAX_SDL_BYTES/);
  });

  it('answers invalid UTF-8 in a binary SDL field with an error, never an index of garbage', async () => {
    // EnsureIndexRequest { sdl (1): bytes "type Query { a: Int } \xff\xfe" }
    const text = Buffer.from('type Query { a: Int } ');
    const body = Buffer.concat([Buffer.from([0x0a, text.length + 2]), text, Buffer.from([0xff, 0xfe])]);
    const answer = await rawCall(indexer.baseUrl, 'EnsureIndex', body, {
      'content-type': 'application/proto',
      authorization: `Bearer ${TOKENS.acme}`,
    });
    expect({ status: answer.status, code: answer.errorCode }).toEqual({ status: 400, code: 'invalid_argument' });
  });

  it('still serves a normal schema after all of the above', async () => {
    const client = indexer.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: unique(fixture('countries.graphql')) })).index!;
    expect((await untilSettled(client, indexId)).status).toBe(IndexStatus.READY);
    expect((await client.searchSchema({ indexId, query: 'country capital' })).hits.length).toBeGreaterThan(0);
  });
});
