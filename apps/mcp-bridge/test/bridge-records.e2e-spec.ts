/**
 * Records an agent can use (issue 11, part 4) through the MCP SDK's own client: the bridge
 * against a real indexer (built service, real Redis). get_symbols returns whole records for
 * coordinates with or without their kind; search_schema hits shorten long descriptions and say
 * so. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@discovery/mcp/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, startBridge, type BridgeUnderTest } from './bridge-harness.js';
import { startRealIndexer, type RealIndexer } from './real-indexer.js';

type Row = { Name: string; TypeRef?: string; Description?: string };
type RecordShape = { Coordinate: string; Kind?: string; Description?: string; DescriptionShortened?: true; Fields?: Row[]; Args?: Row[] };

const words = (count: number) => Array.from({ length: count }, (_, i) => ['invoices', 'payments', 'ledgers'][i % 3]).join(' ');
const LONG = `${words(500)} end of the description.`;
const SDL = [
  'type Query { ledger(id: ID!): Ledger invoices: [Invoice] }',
  `"""${LONG}"""`,
  `type Ledger { ${Array.from({ length: 130 }, (_, i) => `entry${i}: Int`).join('\n')} }`,
  `type Invoice { id: ID! """${LONG}""" total(currency: String = "EUR"): Float }`,
  'input InvoiceInput { total: Float! }',
].join('\n');

let indexer: RealIndexer;
let bridge: BridgeUnderTest;
let client: Client;

beforeAll(async () => {
  indexer = await startRealIndexer('bridge-records');
  bridge = await startBridge({ discoveryUrl: indexer.url, discoveryToken: indexer.token, sdl: SDL, pollIntervalMs: 50 });
  client = await bridge.connect();
  await waitFor(() => bridge.runtime.sync.status().servingIndexId, 'the index', 60_000);
}, 90_000);

afterAll(async () => {
  await bridge?.close();
  await indexer?.stop();
}, 60_000);

async function symbols(coordinates: string[]): Promise<Array<{ coordinate: string; record: RecordShape }>> {
  const result = await call(client, 'get_symbols', { coordinates });
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as { symbols: Array<{ coordinate: string; record: RecordShape }> }).symbols;
}

describe('get_symbols and search_schema records over MCP', () => {
  it('get_symbols reads plain names, in request order, with canonical coordinates; unknown names are left out', async () => {
    const found = await symbols(['Invoice.total', 'Ledger', 'Nope', 'Query.ledger(id:)', 'InvoiceInput.total', 'Invoice.nope']);
    expect(found.map((s) => s.coordinate)).toEqual(['field:Invoice.total', 'object:Ledger', 'field:Query.ledger', 'input_field:InvoiceInput.total']);
    expect(found.map((s) => s.record.Coordinate)).toEqual(found.map((s) => s.coordinate));
    expect(found[0]!.record.Args).toEqual([{ Name: 'currency', TypeRef: 'String', DefaultValue: '"EUR"' }]);
  });

  it('get_symbols returns every field by name and type and the whole description', async () => {
    const [ledger, total] = await symbols(['object:Ledger', 'field:Invoice.total']);
    expect(ledger!.record.Fields).toEqual(Array.from({ length: 130 }, (_, i) => ({ Name: `entry${i}`, TypeRef: 'Int' })));
    expect(ledger!.record).not.toHaveProperty('MoreFields');
    expect(ledger!.record.Description).toBe(LONG);
    expect(total!.record.Description).toBe(LONG);
    expect(ledger!.record).not.toHaveProperty('DescriptionShortened');
  });

  it('search_schema hits shorten long descriptions and say so', async () => {
    const result = await call(client, 'search_schema', { query: 'ledger', kinds: ['object'] });
    const hits = (result.structuredContent as { hits: Array<{ coordinate: string; record: RecordShape }> }).hits;
    const ledger = hits.find((h) => h.coordinate === 'object:Ledger')!.record;
    expect(ledger.DescriptionShortened).toBe(true);
    expect(ledger.Description!.length).toBeLessThanOrEqual(1000);
    expect(ledger.Fields).toHaveLength(130);
  });

  it('tells the agent that plain names work and records are whole', async () => {
    const { tools } = await client.listTools();
    const getSymbols = tools.find((t) => t.name === 'get_symbols')!;
    expect(getSymbols.description).toMatch(/\b(\w+\.\w+) reads field:\1\b/);
    expect(getSymbols.description).toMatch(/whole descriptions/);
    expect(tools.find((t) => t.name === 'search_schema')!.description).toMatch(/DescriptionShortened/);
  });
});
