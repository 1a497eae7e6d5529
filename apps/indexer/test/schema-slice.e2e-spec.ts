/**
 * discovery.v1 GetSchemaSlice end to end: a started indexer on real Redis and
 * BullMQ, called over HTTP/1.1 with the JSON and binary Connect codecs and a
 * plain JSON POST, with the same bearer tokens and tenancy as yoko.v1.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Code, ConnectError } from '@connectrpc/connect';
import { countTokens } from 'gpt-tokenizer';
import { discoveryApiClient } from '@discovery/testing';
import { CODECS, indexReady, TOKENS, uniqueSdl, useTestIndexer, type RunningIndexer } from './indexer-harness.js';

const cosmo = readFileSync(new URL('../../../test/fixtures/schemas/cosmo-demo.graphql', import.meta.url), 'utf8');

async function code(promise: Promise<unknown>): Promise<Code | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return ConnectError.from(error).code;
  }
}

const running = useTestIndexer();
let indexer: RunningIndexer;
let indexId: string;

beforeAll(async () => {
  indexer = running();
  indexId = await indexReady(indexer.client(TOKENS.acme), uniqueSdl(cosmo));
});

describe.each(CODECS)('GetSchemaSlice over the %s codec', (_codec, binary) => {
  it('returns the slice for a query within the budget, with every printed element', async () => {
    const slice = await discoveryApiClient(indexer.baseUrl, TOKENS.acme, { binary }).getSchemaSlice({
      indexId,
      query: 'employees and their current mood',
      maxTokens: 1000,
    });
    expect(slice.sdl).toMatch(/type Query \{[^}]*employees/);
    expect(slice.sdl).toMatch(/currentMood: Mood/);
    expect(slice.tokens).toBe(countTokens(slice.sdl));
    expect(slice.tokens).toBeLessThanOrEqual(1000);
    expect(slice.coordinates).toEqual(expect.arrayContaining(['object:Query', 'field:Query.employees', 'field:Employee.currentMood', 'enum:Mood']));
  });
});

describe('GetSchemaSlice', () => {
  it('speaks plain Connect JSON: camelCase request and response fields', async () => {
    const response = await fetch(`${indexer.baseUrl}/discovery.v1.DiscoveryService/GetSchemaSlice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.acme}` },
      body: JSON.stringify({ indexId, query: 'employee details forename', maxTokens: 300 }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sdl: string; tokens: number; coordinates: string[]; truncated?: boolean };
    expect(body.sdl).toContain('forename');
    expect(body.tokens).toBeLessThanOrEqual(300);
    expect(body.coordinates).toContain('field:Details.forename');
  });

  it('keeps tenancy and scopes: another tenant gets not_found, a read token may slice, no token is refused', async () => {
    const request = { indexId, query: 'employees' };
    expect(await code(discoveryApiClient(indexer.baseUrl, TOKENS.globex).getSchemaSlice(request))).toBe(Code.NotFound);
    expect(await code(discoveryApiClient(indexer.baseUrl, TOKENS.reader).getSchemaSlice(request))).toBe('ok');
    expect(await code(discoveryApiClient(indexer.baseUrl).getSchemaSlice(request))).toBe(Code.Unauthenticated);
    expect(await code(discoveryApiClient(indexer.baseUrl, 'sd_wrong').getSchemaSlice(request))).toBe(Code.Unauthenticated);
  });

  it('rejects bad requests with invalid_argument and a message naming the field', async () => {
    const client = discoveryApiClient(indexer.baseUrl, TOKENS.acme);
    const cases: [{ indexId: string; query: string; maxTokens?: number; roots?: string[] }, RegExp][] = [
      [{ indexId, query: 'x', maxTokens: 40_000 }, /max_tokens/],
      [{ indexId, query: 'x', maxTokens: -1 }, /max_tokens/],
      [{ indexId, query: '   ' }, /query/],
      [{ indexId, query: 'x', roots: ['everything'] }, /roots/],
      [{ indexId: 'sha256:nope', query: 'x' }, /index_id/],
    ];
    for (const [request, message] of cases) {
      const error = await client.getSchemaSlice(request).then(
        () => undefined,
        (e: unknown) => ConnectError.from(e),
      );
      expect(error?.code).toBe(Code.InvalidArgument);
      expect(error?.rawMessage).toMatch(message);
    }
  });

  it('uses the mutation root only when asked', async () => {
    const client = discoveryApiClient(indexer.baseUrl, TOKENS.acme);
    const queryOnly = await client.getSchemaSlice({ indexId, query: 'update mood of an employee' });
    const withMutations = await client.getSchemaSlice({ indexId, query: 'update mood of an employee', roots: ['query', 'mutation'] });
    expect(queryOnly.coordinates).not.toContain('field:Mutation.updateMood');
    expect(withMutations.coordinates).toContain('field:Mutation.updateMood');
  });
});
