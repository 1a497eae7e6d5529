/**
 * Records an agent can use (issue 11, part 4), through the Connect API as a
 * router calls it: GetSymbols returns whole records (every field by name and
 * type, whole descriptions, every enum value), SearchSchema hits shorten long
 * descriptions and say so, coordinates without their kind resolve when one
 * element fits, and an index of the previous record format is stale and
 * rebuilt in place.
 */
import { describe, expect, it } from '@jest/globals';
import { IndexStatus } from '@discovery/proto';
import { createStorage } from '@discovery/storage/redis';
import { SYMBOL_FORMAT_VERSION } from '@discovery/schema-symbols';
import { waitFor, testStorageOptions } from '@discovery/testing';
import { CODECS, indexReady, TOKENS, uniqueSdl, useTestIndexer } from './indexer-harness.js';

type Row = { Name: string; TypeRef?: string; Description?: string; DefaultValue?: string };
type Payload = { Coordinate: string; Description?: string; DescriptionShortened?: true; Fields?: Row[]; Values?: Row[]; MoreFields?: number };

const words = (count: number) => Array.from({ length: count }, (_, i) => ['orders', 'refunds', 'shipments', 'carriers'][i % 4]).join(' ');
const TYPE_DESCRIPTION = `${words(700)} end of the order description.`;
const VALUE_DESCRIPTION = (i: number) => `${words(80)} value ${i}.`;
const SDL = [
  'type Query { big(first: Int = 10): Big status: Status order(id: ID!): Order }',
  `"""${TYPE_DESCRIPTION}"""`,
  `type Big { ${Array.from({ length: 160 }, (_, i) => `f${i}: ${i % 2 ? 'String' : '[ID!]!'}`).join('\n')} }`,
  `enum Status { ${Array.from({ length: 40 }, (_, i) => `"${VALUE_DESCRIPTION(i)}" V${i}`).join('\n')} }`,
  'type Order { id: ID! email: String }',
  'input OrderInput { email: String! note: String = "none" }',
  'type Mutation { orderCreate(input: OrderInput!): Order }',
].join('\n');

const indexer = useTestIndexer();
const ids = new Map<boolean, string>();

describe.each(CODECS)('records over the %s codec', (_codec, binary) => {
  const client = () => indexer().client(TOKENS.acme, { binary });
  const indexId = async () => ids.get(binary) ?? ids.set(binary, await indexReady(client(), uniqueSdl(SDL))).get(binary)!;

  it('GetSymbols names every field of an object by name and type, and keeps the whole description', async () => {
    const { symbols } = await client().getSymbols({ indexId: await indexId(), coordinates: ['object:Big'] });
    const record = JSON.parse(symbols[0]!.payload) as Payload;
    expect(record.Fields).toHaveLength(160);
    expect(record.Fields![0]).toEqual({ Name: 'f0', TypeRef: '[ID!]!' });
    expect(record.Fields![159]).toEqual({ Name: 'f159', TypeRef: 'String' });
    expect(record).not.toHaveProperty('MoreFields');
    expect(record.Description).toBe(TYPE_DESCRIPTION);
    expect(record).not.toHaveProperty('DescriptionShortened');
  });

  it('GetSymbols lists every enum value with its whole description', async () => {
    const { symbols } = await client().getSymbols({ indexId: await indexId(), coordinates: ['enum:Status'] });
    const values = (JSON.parse(symbols[0]!.payload) as Payload).Values!;
    expect(values.map((v) => v.Description)).toEqual(Array.from({ length: 40 }, (_, i) => VALUE_DESCRIPTION(i)));
  });

  it('SearchSchema hits shorten long descriptions and mark them; every field is still named', async () => {
    const { hits } = await client().searchSchema({ indexId: await indexId(), query: 'big', kinds: ['object', 'enum'], limit: 20 });
    const big = JSON.parse(hits.find((h) => h.coordinate === 'object:Big')!.payload) as Payload;
    expect(big.DescriptionShortened).toBe(true);
    expect(big.Description!.length).toBeLessThanOrEqual(1000);
    expect(TYPE_DESCRIPTION.startsWith(big.Description!.replace(/…$/, ''))).toBe(true);
    expect(big.Fields).toHaveLength(160);
    const status = await client().searchSchema({ indexId: await indexId(), query: 'status', kinds: ['enum'] });
    const values = (JSON.parse(status.hits.find((h) => h.coordinate === 'enum:Status')!.payload) as Payload).Values!;
    expect(values).toHaveLength(40);
    expect(values.reduce((sum, v) => sum + (v.Description?.length ?? 0), 0)).toBeLessThanOrEqual(4000);
  });

  it('resolves coordinates without their kind when one element fits, in request order, canonical', async () => {
    const coordinates = ['Order.email', 'OrderInput.note', 'Nope.email', 'Big', 'Query.order(id:)', 'Order.nope', 'enum:Status', 'OBJECT:Order'];
    const { symbols } = await client().getSymbols({ indexId: await indexId(), coordinates });
    expect(symbols.map((s) => s.coordinate)).toEqual(['field:Order.email', 'input_field:OrderInput.note', 'object:Big', 'field:Query.order', 'enum:Status']);
    expect(symbols.every((s) => s.score === 0)).toBe(true);
    for (const symbol of symbols) expect((JSON.parse(symbol.payload) as Payload).Coordinate).toBe(symbol.coordinate);
    expect(JSON.parse(symbols[1]!.payload)).toMatchObject({ Kind: 'input_field', DefaultValue: '"none"' });
  });
});

describe('an index of the previous record format', () => {
  it('is stale and rebuilt in place, serving throughout', async () => {
    const client = indexer().client(TOKENS.acme);
    const sdl = uniqueSdl(SDL);
    const indexId = await indexReady(client, sdl);
    const storage = createStorage({ ...testStorageOptions(), keyPrefix: indexer().prefix });
    try {
      const built = (await storage.indexStore.getMeta(indexId))!.builtVersion!;
      expect(built).toContain(`symbols@${SYMBOL_FORMAT_VERSION}+`);
      const previous = built.replace(`symbols@${SYMBOL_FORMAT_VERSION}+`, `symbols@${Number(SYMBOL_FORMAT_VERSION) - 1}+`);
      await storage.indexStore.updateMeta(indexId, { builtVersion: previous });
    } finally {
      await storage.close();
    }
    expect((await client.getIndex({ indexId })).index).toMatchObject({ status: IndexStatus.READY, stale: true });
    expect((await client.ensureIndex({ sdl })).index!.status).toBe(IndexStatus.READY);
    expect((await client.getSymbols({ indexId, coordinates: ['Big'] })).symbols).toHaveLength(1);
    await waitFor(async () => !(await client.getIndex({ indexId })).index!.stale, 60_000, 'the in-place rebuild');
  }, 120_000);
});
