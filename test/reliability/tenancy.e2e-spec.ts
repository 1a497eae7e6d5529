/**
 * Tenancy by every method and coordinate trick: a token of tenant globex
 * cannot read, search, generate on, list, delete or learn the existence of
 * an index only acme ensured. Every wrong-token variant gets the same code
 * and the same message, so the answer does not tell which part was wrong
 * (the timing side is measured in auth-timing.reliability.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Code } from '@connectrpc/connect';
import { SignJWT } from 'jose';
import { IndexStatus } from '@discovery/proto';
import { codeOf, outcome } from './support/connect-calls.js';
import { dropPrefix, fixture, JWT_SECRET, startTestIndexer, TOKENS, unique, untilSettled, type RunningIndexer, type Yoko } from './support/test-indexer.js';

let indexer: RunningIndexer;
let acmeId: string;
const missingId = `sha256:${'0'.repeat(64)}`;

beforeAll(async () => {
  indexer = await startTestIndexer({ GENERATE_TIMEOUT: '1s' });
  const acme = indexer.client(TOKENS.acme);
  acmeId = (await acme.ensureIndex({ sdl: unique(fixture('cosmo-demo.graphql')) })).index!.indexId;
  expect((await untilSettled(acme, acmeId)).status).toBe(IndexStatus.READY);
});

afterAll(async () => {
  await indexer.stop();
  await dropPrefix(indexer.prefix);
});

/** Every read-like call of globex on `id`, as name → call. */
function probes(client: Yoko, id: string): [string, () => Promise<unknown>][] {
  return [
    ['GetIndex', () => client.getIndex({ indexId: id })],
    ['SearchSchema', () => client.searchSchema({ indexId: id, query: 'employee' })],
    ['SearchSchema with filters', () => client.searchSchema({ indexId: id, query: 'employee', kinds: ['field'], parent: 'object:Employee', paginated: false })],
    ['GetSymbols', () => client.getSymbols({ indexId: id, coordinates: ['object:Employee', 'enum:Mood'] })],
    ['GenerateQuery', () => client.generateQuery({ indexId: id, prompt: 'list employees' })],
    ['DeleteIndex', () => client.deleteIndex({ indexId: id })],
  ];
}

describe.each([
  ['JSON', false],
  ['binary', true],
])('another tenant over %s', (_codec, binary) => {
  it('gets exactly the answers of an index that does not exist', async () => {
    const globex = indexer.client(TOKENS.globex, { binary });
    const theirs = probes(globex, acmeId);
    const nobodys = probes(globex, missingId);
    for (let i = 0; i < theirs.length; i++) {
      const [name, call] = theirs[i]!;
      const a = await outcome(call());
      const b = await outcome(nobodys[i]![1]());
      expect({ name, code: a.code }).toEqual({ name, code: Code.NotFound });
      // Same message shape: only the address (which the caller sent) differs.
      expect(a.message.replace(acmeId, '<id>')).toBe(b.message.replace(missingId, '<id>'));
    }
    expect((await globex.listIndexes({})).indexes.map((i) => i.indexId)).not.toContain(acmeId);
    // acme's index survived globex's DeleteIndex.
    expect((await indexer.client(TOKENS.acme).getIndex({ indexId: acmeId })).index!.status).toBe(IndexStatus.READY);
  });

  it.each([
    ['upper case', (id: string) => id.toUpperCase()],
    ['upper-case hex', (id: string) => `sha256:${id.slice(7).toUpperCase()}`],
    ['surrounding space', (id: string) => ` ${id} `],
    ['trailing newline', (id: string) => `${id}\n`],
    ['glob', (id: string) => `${id.slice(0, -1)}*`],
    ['hash tag', (id: string) => `{${id}}`],
    ['prefix traversal', (id: string) => `../${id}`],
    ['NUL suffix', (id: string) => `${id}\u0000`],
    ['full-width digits', (id: string) => id.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))],
  ])('an address with %s is refused, never resolved to the index', async (_trick, mutate) => {
    const globex = indexer.client(TOKENS.globex, { binary });
    for (const [name, call] of probes(globex, mutate(acmeId))) {
      expect({ name, code: await codeOf(call()) }).toEqual({ name, code: Code.InvalidArgument });
    }
  });
});

describe("coordinate tricks inside the caller's own index", () => {
  it('never reach records of another index or tenant', async () => {
    const globex = indexer.client(TOKENS.globex);
    const ownId = (await globex.ensureIndex({ sdl: unique(fixture('countries.graphql')) })).index!.indexId;
    await untilSettled(globex, ownId);
    const tricks = [
      'object:Employee',
      `${acmeId}:object:Employee`,
      `{${acmeId}}object:Employee`,
      'object:*',
      '*',
      'enum:Mood',
      '../object:Employee',
      'object:Employee\u0000',
      'OBJECT:Country',
    ];
    const { symbols } = await globex.getSymbols({ indexId: ownId, coordinates: tricks });
    expect(symbols).toEqual([]);
    const hits = (await globex.searchSchema({ indexId: ownId, query: 'employee mood', parent: 'object:Employee', limit: 50 })).hits;
    expect(hits.every((h) => !h.coordinate.includes('Employee') && !h.coordinate.includes('Mood'))).toBe(true);
  });
});

describe('wrong tokens', () => {
  it('answer the same code and message whichever part is wrong', async () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const otherKey = new TextEncoder().encode(`${JWT_SECRET}-other`);
    const jwt = (claims: Record<string, unknown>, k = key, exp: string | number = '5m') =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(k);
    const wrong: [string, string | undefined][] = [
      ['no token', undefined],
      ['unknown static token', 'sd_unknown-token-for-tests-00000000000000000'],
      ['static token, last character wrong', `${TOKENS.acme.slice(0, -1)}1`],
      ['static token, first character wrong', `x${TOKENS.acme.slice(1)}`],
      ['static token with a suffix', `${TOKENS.acme}0`],
      ['JWT signed with another key', await jwt({ tenant: 'acme' }, otherKey)],
      ['expired JWT', await jwt({ tenant: 'acme' }, key, Math.floor(Date.now() / 1000) - 60)],
      ['JWT without a tenant', await jwt({})],
      ['JWT with alg none', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"tenant":"acme"}').toString('base64url')}.`],
    ];
    const codes = new Set<string>();
    const messages = new Set<string>();
    for (const [, token] of wrong) {
      const result = await outcome(indexer.client(token).listIndexes({}));
      codes.add(String(result.code));
      messages.add(result.message);
    }
    expect([...codes]).toEqual([String(Code.Unauthenticated)]);
    expect(messages.size).toBe(1);
  });
});
