/**
 * Fuzz (fast-check, bounded) over every MCP tool input of the bridge, served
 * over Streamable HTTP against a real in-process indexer: each answer is a
 * result of the documented shape or `isError` with one of the docs/wire.md §2
 * texts, never a protocol error, a stack trace or a secret, and the bridge
 * keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { TOOL_TEXTS } from '@discovery/mcp';
import { waitFor } from '@discovery/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startBridge, type BridgeUnderTest } from '../../apps/mcp-bridge/test/bridge-harness.js';
import { leaks } from './support/connect-calls.js';
import { dropPrefix, fixture, JWT_SECRET, startTestIndexer, TOKENS, unique, type RunningIndexer } from './support/test-indexer.js';

const SECRETS = [...Object.values(TOKENS), JWT_SECRET];
const TEXTS = Object.values(TOOL_TEXTS);
const RUNS = 60;

let indexer: RunningIndexer;
let bridge: BridgeUnderTest;
let client: Client;

beforeAll(async () => {
  indexer = await startTestIndexer({ GENERATE_TIMEOUT: '1s' });
  bridge = await startBridge({ discoveryUrl: indexer.baseUrl, discoveryToken: TOKENS.acme, sdl: unique(fixture('cosmo-demo.graphql')), pollIntervalMs: 50 });
  await waitFor(() => bridge.runtime.sync.status().servingIndexId !== undefined, 60_000, 'the bridge to adopt its index');
  client = await bridge.connect();
}, 90_000);

afterAll(async () => {
  await bridge.close();
  await indexer.stop();
  await dropPrefix(indexer.prefix);
});

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ minLength: 2_000, maxLength: 9_000 }),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.oneof(arb, anyValue), { nil: undefined, freq: 3 });

const inputs: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  search_schema: fc.record(
    {
      query: maybe(fc.constantFrom('employee', 'mood', ' ', '')),
      kinds: maybe(fc.array(fc.constantFrom('object', 'field', 'enum', 'path', 'nope'), { maxLength: 12 })),
      limit: maybe(fc.integer({ min: -5, max: 10_000 })),
      parent: maybe(fc.constantFrom('object:Query', 'object:Employee', 'x')),
      paginated: maybe(fc.boolean()),
      extra: maybe(fc.string()),
    },
    { requiredKeys: [] },
  ),
  get_symbols: fc.record(
    { coordinates: maybe(fc.array(fc.oneof(fc.constantFrom('enum:Mood', 'object:Employee', 'object:*'), fc.string({ maxLength: 20 })), { maxLength: 600 })) },
    { requiredKeys: [] },
  ),
  generate_query: fc.record({ prompt: maybe(fc.constantFrom('list employees with their mood', ' ', 'delete everything')) }, { requiredKeys: [] }),
};

/** What is wrong with a tool answer (empty when it is a documented result or failure). */
function problems(tool: string, result: CallToolResult): string[] {
  const texts = result.content.filter((c) => c.type === 'text').map((c) => c.text);
  const found = leaks(texts.join('\n'), SECRETS);
  if (result.isError) {
    if (texts.length !== 1) found.push(`${texts.length} texts in a failure`);
    else if (!TEXTS.some((t) => texts[0]!.startsWith(t))) found.push(`undocumented failure text: ${texts[0]!.slice(0, 200)}`);
    return found;
  }
  const output = result.structuredContent as Record<string, unknown> | undefined;
  const key = { search_schema: 'hits', get_symbols: 'symbols', generate_query: 'queries' }[tool]!;
  if (!output || !Array.isArray(output[key])) found.push(`no ${key} array in the result`);
  return found;
}

describe('MCP tool inputs', () => {
  it.each(Object.keys(inputs))('%s answers a documented result or failure text', async (tool) => {
    await fc.assert(
      fc.asyncProperty(inputs[tool]!, async (args) => {
        const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
        expect(problems(tool, result)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    const health = await client.callTool({ name: 'search_schema', arguments: { query: 'employee' } });
    expect(health.isError ?? false).toBe(false);
  });
});
