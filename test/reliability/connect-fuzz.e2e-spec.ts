/**
 * Fuzz (fast-check, bounded) over every yoko.v1 method with the JSON and the
 * binary codec, and over raw HTTP bodies and headers: every answer is a
 * success or a documented Connect code, never `internal` or `unknown`, no
 * message carries a stack trace or a secret, and the process keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DOCUMENTED_CODES, DOCUMENTED_CODE_NAMES, leaks, outcome, rawCall } from './support/connect-calls.js';
import { dropPrefix, fixture, JWT_SECRET, startTestIndexer, TOKENS, unique, untilSettled, type RunningIndexer, type Yoko } from './support/test-indexer.js';

const SECRETS = [...Object.values(TOKENS), JWT_SECRET];
const RUNS = 40;
const KINDS = ['object', 'interface', 'union', 'enum', 'scalar', 'input', 'field', 'input_field', 'path'];

let indexer: RunningIndexer;
let readyId: string;

beforeAll(async () => {
  indexer = await startTestIndexer({ MAX_SDL_BYTES: '256KiB', GENERATE_TIMEOUT: '1s' });
  const client = indexer.client(TOKENS.acme);
  readyId = (await client.ensureIndex({ sdl: unique(fixture('countries.graphql')) })).index!.indexId;
  await untilSettled(client, readyId);
});

afterAll(async () => {
  await indexer.stop();
  await dropPrefix(indexer.prefix);
});

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '*', '{x}', '../../etc/passwd', 'sha256:', '%00', 'object:Query', '__proto__', 'constructor'),
  fc.string({ minLength: 1900, maxLength: 2100 }),
);
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const indexIdArb = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(readyId),
    hex64.map((h) => `sha256:${h}`),
    hex64.map((h) => `SHA256:${h.toUpperCase()}`),
    hex64.map((h) => ` sha256:${h}\n`),
    text,
  );
const tokenArb = fc.constantFrom<string | undefined>(TOKENS.acme, TOKENS.globex, TOKENS.reader, undefined, 'sd_x', `${TOKENS.acme}x`, 'a.b.c');

type Call = (client: Yoko, indexId: string) => Promise<unknown>;
const calls: Record<string, fc.Arbitrary<Call>> = {
  EnsureIndex: fc
    .oneof(
      text,
      fc.constant('type Query { a: Int }'),
      fc.string({ maxLength: 300 }).map((s) => `type Query { ${s} }`),
    )
    .map((sdl) => (c: Yoko) => c.ensureIndex({ sdl })),
  GetIndex: fc.constant((c: Yoko, id: string) => c.getIndex({ indexId: id })),
  ListIndexes: fc.constant((c: Yoko) => c.listIndexes({})),
  DeleteIndex: fc.constant((c: Yoko, id: string) => (id === readyId ? c.getIndex({ indexId: id }) : c.deleteIndex({ indexId: id }))),
  SearchSchema: fc
    .record({
      query: text,
      limit: fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 60 })),
      kinds: fc.array(fc.oneof(fc.constantFrom(...KINDS), text), { maxLength: 25 }),
      roots: fc.array(text, { maxLength: 12 }),
      parent: fc.oneof(text, fc.constantFrom('object:Query', 'object:Country', 'field:Query.countries')),
      paginated: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map((r) => (c: Yoko, id: string) => c.searchSchema({ indexId: id, ...r })),
  GetSymbols: fc
    .array(fc.oneof(text, fc.constantFrom('object:Country', 'field:Country.name', 'enum:*', 'object:country')), { maxLength: 520 })
    .map((coordinates) => (c: Yoko, id: string) => c.getSymbols({ indexId: id, coordinates })),
  GenerateQuery: text.map((prompt) => (c: Yoko, id: string) => c.generateQuery({ indexId: id, prompt })),
};

describe.each([
  ['JSON', false],
  ['binary', true],
])('every method over the %s codec', (_codec, binary) => {
  it.each(Object.keys(calls))('%s answers a documented code, without leaks', async (method) => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(calls[method]!, tokenArb, indexIdArb(), async (call, token, indexId) => {
        const result = await outcome(call(indexer.client(token, { binary }), indexId));
        seen.set(String(result.code), (seen.get(String(result.code)) ?? 0) + 1);
        if (result.code !== 'ok') expect(DOCUMENTED_CODES.has(result.code)).toBe(true);
        expect(leaks(result.message, SECRETS)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
  });
});

describe('raw HTTP', () => {
  const methods = ['EnsureIndex', 'GetIndex', 'ListIndexes', 'DeleteIndex', 'SearchSchema', 'GetSymbols', 'GenerateQuery', 'NoSuchMethod'];
  const contentTypes = ['application/json', 'application/proto', 'application/grpc', 'text/plain', 'application/json; charset=latin1', ''];

  it('answers malformed bodies and headers with a Connect status, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.constantFrom(...contentTypes),
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          fc.json().map((j) => new TextEncoder().encode(j)),
        ),
        fc.constantFrom(`Bearer ${TOKENS.acme}`, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(5000)}`, ''),
        async (method, contentType, body, authorization) => {
          const headers: Record<string, string> = { 'connect-protocol-version': '1' };
          if (contentType) headers['content-type'] = contentType;
          if (authorization) headers.authorization = authorization;
          const answer = await rawCall(indexer.baseUrl, method, body, headers);
          expect(answer.status).toBeLessThan(500);
          if (answer.errorCode !== undefined) expect(DOCUMENTED_CODE_NAMES.has(answer.errorCode)).toBe(true);
          expect(leaks(answer.body.toString('utf8'), SECRETS)).toEqual([]);
        },
      ),
      { numRuns: 120 },
    );
    const health = await fetch(`${indexer.baseUrl}/healthz`);
    expect(health.status).toBe(200);
  });
});
