/**
 * The bridge's MCP server seen by the SDK's own client (in memory), backed by a scripted
 * discovery service: tool listing, every happy path, every docs/wire.md §2 failure text.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Code, ConnectError } from '@connectrpc/connect';
import { ERROR_REASON_HEADER, IndexStatus, NO_GENERATOR_WORKER } from '@discovery/proto';
import { createDiscoveryTransport, createYokoClient } from '@discovery/proto/client';
import { unusedUrl } from './testing/fake-discovery.service.js';
import { harness, ready, SDL, text, type Harness } from './testing/mcp-harness.js';
import { waitFor } from './testing/wait-for.js';
import { TOOL_TEXTS, UNTRUSTED_SCHEMA_TEXT } from './tool-texts.js';
import { SEARCH_LIMIT_RULE } from './tools/search-schema.tool.js';

describe('bridge MCP server', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('lists the four read-only tools with strict input schemas and output schemas', async () => {
    const { tools } = await h.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_schema', 'get_symbols', 'get_schema_slice', 'generate_query']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, title: tool.title });
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.description!.length).toBeGreaterThan(200);
      // Schema text is the schema authors' words: every tool says it is untrusted (issue 14 item 9).
      expect(tool.description).toContain(UNTRUSTED_SCHEMA_TEXT);
    }
    expect(h.client.getInstructions()).toContain(UNTRUSTED_SCHEMA_TEXT);
    const search = tools[0]!.inputSchema as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(search.required).toEqual(['query']);
    expect(search.properties['query']).toMatchObject({ type: 'string', pattern: '\\S', maxLength: 2000 });
    expect(search.properties['kinds']).toMatchObject({
      type: 'array',
      items: { enum: ['object', 'interface', 'union', 'enum', 'scalar', 'input', 'field', 'input_field', 'path'] },
    });
    expect(search.properties['limit']).toMatchObject({ type: 'integer', minimum: 1, default: 10, description: SEARCH_LIMIT_RULE });
    expect(search.properties['paginated']).toMatchObject({ type: 'boolean' });
    expect(tools[1]!.inputSchema).toMatchObject({ required: ['coordinates'], properties: { coordinates: { type: 'array', minItems: 1 } } });
    expect(tools[3]!.inputSchema).toMatchObject({ required: ['prompt'], properties: { prompt: { type: 'string' } } });
    expect(tools[2]!.inputSchema).toMatchObject({ required: ['query'], properties: { maxTokens: { type: 'integer', default: 8000, maximum: 32000 } } });
    expect(h.client.getInstructions()).toContain('unsatisfied');
  });

  it('search_schema returns decoded records and forwards every filter', async () => {
    await ready(h);
    const result = await h.call('search_schema', { query: 'mood', kinds: ['field', 'enum'], parent: 'object:Employee', paginated: false });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      hits: [
        { coordinate: 'field:Employee.mood', score: 1, record: { Coordinate: 'field:Employee.mood', TypeRef: 'Mood' } },
        { coordinate: 'enum:Mood', score: 0.5, record: { Coordinate: 'enum:Mood', Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }] } },
      ],
    });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    expect(h.fake.callsOf('searchSchema')[0]!.request).toEqual({
      indexId: h.sync.status().servingIndexId,
      query: 'mood',
      limit: 10,
      kinds: ['field', 'enum'],
      parent: 'object:Employee',
      paginated: false,
    });
  });

  it('search_schema answers an empty hits list when nothing matches', async () => {
    await ready(h);
    const result = await h.call('search_schema', { query: 'invoice', limit: 3 });
    expect(result.structuredContent).toEqual({ hits: [] });
    expect(text(result)).toBe('{"hits":[]}');
    expect(h.fake.callsOf('searchSchema')[0]!.request['paginated']).toBeUndefined();
  });

  it('get_symbols keeps request order and leaves unknown coordinates out', async () => {
    await ready(h);
    const result = await h.call('get_symbols', { coordinates: ['enum:Mood', 'object:Nope', 'object:Employee'] });
    expect(result.structuredContent).toEqual({
      symbols: [
        { coordinate: 'enum:Mood', record: { Coordinate: 'enum:Mood', Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }] } },
        { coordinate: 'object:Employee', record: { Coordinate: 'object:Employee', Fields: { id: 'ID!', mood: 'Mood' } } },
      ],
    });
  });

  it('get_schema_slice asks discovery.v1 for the adopted index with the default budget', async () => {
    await ready(h);
    const result = await h.call('get_schema_slice', { query: 'mood' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ sdl: '# slice for mood', tokens: 5, coordinates: ['field:Employee.mood', 'enum:Mood'], truncated: false });
    const [sliceCall] = h.fake.callsOf('getSchemaSlice');
    expect(sliceCall?.request).toMatchObject({ query: 'mood', maxTokens: 8000, indexId: h.sync.resolve() });
  });

  it.each([
    ['search_schema', {}, 'query is required'],
    ['search_schema', { query: '   ' }, 'query must contain a non-space character'],
    ['search_schema', { query: 'x', limit: 0 }, 'limit must be at least 1'],
    ['search_schema', { query: 'q'.repeat(2001) }, 'query must be at most 2000 characters'],
    ['search_schema', { query: 'x', limit: 2.5 }, 'limit must be a whole number'],
    [
      'search_schema',
      { query: 'x', kinds: ['table'] },
      'unknown kind "table"; kinds are object, interface, union, enum, scalar, input, field, input_field, path',
    ],
    [
      'search_schema',
      { query: 'x', parent: 'object:Query extra' },
      'parent must be a type: a coordinate such as object:Order, a type name, or query or mutation',
    ],
    ['search_schema', { query: 'x', extra: true }, 'unknown input "extra"'],
    ['get_symbols', { coordinates: [] }, 'coordinates must hold at least one coordinate'],
    ['get_symbols', {}, 'coordinates is required'],
    ['get_symbols', { coordinates: Array.from({ length: 501 }, (_, i) => `object:T${i}`) }, 'at most 500 coordinates'],
    ['get_symbols', { coordinates: 'object:Query' }, 'coordinates must be an array of strings'],
    ['generate_query', { prompt: '' }, 'prompt must contain a non-space character'],
    ['get_schema_slice', {}, 'query is required'],
    ['get_schema_slice', { query: 'x', maxTokens: 50 }, 'maxTokens must be at least 200'],
    ['get_schema_slice', { query: 'x', maxTokens: 40_000 }, 'maxTokens must be at most 32000'],
    ['get_schema_slice', { query: 'x', roots: ['mutation'] }, 'unknown input "roots"'],
    ['get_schema_slice', { query: 'x', root: 'mutation query' }, 'root must be one word: query, mutation or subscription'],
  ])('%s rejects %j as not valid', async (tool, args, detail) => {
    await ready(h);
    const result = await h.call(tool, args);
    expect(result.isError).toBe(true);
    expect(text(result).startsWith(`${TOOL_TEXTS.invalid_request} `)).toBe(true);
    expect(text(result).toLowerCase()).toContain(detail.toLowerCase());
    expect(h.fake.callsOf('searchSchema')).toHaveLength(0);
  });

  it.each([
    [Code.FailedPrecondition, TOOL_TEXTS.not_ready],
    [Code.Unauthenticated, TOOL_TEXTS.misconfigured],
    [Code.PermissionDenied, TOOL_TEXTS.misconfigured],
    [Code.Unavailable, TOOL_TEXTS.unreachable],
    [Code.Internal, TOOL_TEXTS.internal],
    [Code.DeadlineExceeded, `${TOOL_TEXTS.unreachable} The service did not answer in time.`],
    [Code.Unimplemented, `${TOOL_TEXTS.misconfigured} The discovery service does not offer this call.`],
  ])('maps the service code %s to its text', async (code, expected) => {
    await ready(h);
    h.fake.failures.set('getSymbols', new ConnectError('token abc123 is bad', code));
    const result = await h.call('get_symbols', { coordinates: ['enum:Mood'] });
    expect(result).toEqual({ content: [{ type: 'text', text: expected }], isError: true });
  });

  it('says that no generator worker runs when the service gives that reason, in our own words', async () => {
    await ready(h);
    const metadata = new Headers({ [ERROR_REASON_HEADER]: NO_GENERATOR_WORKER });
    h.fake.failures.set('generateQuery', new ConnectError('whatever the service said', Code.Unavailable, metadata));
    const result = await h.call('generate_query', { prompt: 'all employees' });
    expect(text(result)).toBe(`${TOOL_TEXTS.unreachable} No generator worker is running for it, so the operator must start the generator service.`);
  });

  it.each([
    ['model-unreachable', Code.Unavailable, `${TOOL_TEXTS.unreachable} Its language model endpoint cannot be reached or did not answer in time.`],
    ['model-failing', Code.Unavailable, `${TOOL_TEXTS.internal} The service's language model endpoint is failing.`],
    ['model-rate-limited', Code.ResourceExhausted, `${TOOL_TEXTS.internal} The service's language model endpoint is rate limiting it.`],
    ['model-context-too-long', Code.Internal, `${TOOL_TEXTS.misconfigured} The request does not fit the context window of the service's language model.`],
    ['model-unknown', Code.Internal, `${TOOL_TEXTS.misconfigured} The service's language model endpoint does not know the configured model.`],
    ['model-unauthorized', Code.Internal, `${TOOL_TEXTS.misconfigured} The service's language model endpoint rejected its API key.`],
  ])('names a failure of the language model (%s) with the documented text, "unreachable" only when it was', async (reason, code, expected) => {
    await ready(h);
    const metadata = new Headers({ [ERROR_REASON_HEADER]: reason });
    h.fake.failures.set('generateQuery', new ConnectError('Query generation failed: HTTP 400 with key sk-secret', code, metadata));
    const result = await h.call('generate_query', { prompt: 'all employees' });
    expect(text(result)).toBe(expected);
  });

  it('passes the detail of invalid_argument after the fixed text', async () => {
    await ready(h);
    h.fake.failures.set('generateQuery', new ConnectError('the prompt asks for no data', Code.InvalidArgument));
    const result = await h.call('generate_query', { prompt: 'hello there' });
    expect(text(result)).toBe(`${TOOL_TEXTS.invalid_request} The prompt asks for no data.`);
  });

  it('answers "expired" on not_found and sends the schema again, once', async () => {
    await ready(h);
    const id = h.sync.status().servingIndexId!;
    h.fake.evict(id);
    const results = await Promise.all([h.call('search_schema', { query: 'mood' }), h.call('get_symbols', { coordinates: ['enum:Mood'] })]);
    for (const result of results) expect(text(result)).toBe(TOOL_TEXTS.expired);
    expect(h.fake.callsOf('ensureIndex').filter((c) => c.request['sdl'] === SDL)).toHaveLength(2);
    expect(h.fake.indexes.has(id)).toBe(true);
    const after = await h.call('search_schema', { query: 'mood' });
    expect(after.isError).toBeFalsy();
  });

  it('fails a record that is not a JSON object with the generic text', async () => {
    h.fake.records.set('scalar:Broken', 'not-an-object' as unknown as Record<string, unknown>);
    await ready(h);
    const result = await h.call('get_symbols', { coordinates: ['scalar:Broken'] });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(`${TOOL_TEXTS.internal} The service returned a record that is not an object.`);
  });

  it('rejects an unknown tool with a protocol error', async () => {
    await expect(h.call('drop_schema', {})).rejects.toThrow(/Unknown tool: drop_schema/);
  });
});

describe('bridge MCP server before an index is adopted', () => {
  it('says the index is still building, then serves once READY', async () => {
    const h = await harness({ status: IndexStatus.INDEXING });
    try {
      h.sync.offer(SDL);
      await waitFor(() => h.fake.callsOf('getIndex').length > 0, 'a poll');
      expect(text(await h.call('search_schema', { query: 'mood' }))).toBe(TOOL_TEXTS.building);
      h.fake.setStatus(SDL, IndexStatus.READY);
      await waitFor(() => h.sync.status().servingIndexId, 'adoption');
      expect((await h.call('search_schema', { query: 'mood' })).isError).toBeFalsy();
    } finally {
      await h.close();
    }
  });

  it('says the service is unreachable when it never answered', async () => {
    const discovery = createYokoClient(createDiscoveryTransport({ baseUrl: await unusedUrl(), token: 'secret-token' }));
    const h = await harness({ discovery });
    try {
      h.sync.offer(SDL);
      await waitFor(() => h.sync.status().phase === 'unreachable', 'the unreachable phase');
      const result = await h.call('generate_query', { prompt: 'all employees' });
      expect(result).toEqual({ content: [{ type: 'text', text: TOOL_TEXTS.unreachable }], isError: true });
    } finally {
      await h.close();
    }
  });

  it('says discovery is misconfigured when the token is refused', async () => {
    const h = await harness();
    try {
      h.fake.token = 'expected';
      h.sync.offer(SDL);
      await waitFor(() => h.sync.status().phase === 'unauthorized', 'the unauthorized phase');
      expect(text(await h.call('search_schema', { query: 'x' }))).toBe(TOOL_TEXTS.misconfigured);
    } finally {
      await h.close();
    }
  });

  it('says not ready with a reason when the first build failed', async () => {
    const h = await harness({ status: IndexStatus.FAILED });
    try {
      h.sync.offer(SDL);
      await waitFor(() => h.sync.status().phase === 'failed', 'the failed phase');
      expect(text(await h.call('search_schema', { query: 'x' }))).toBe(`${TOOL_TEXTS.not_ready} The index build failed and is retried.`);
    } finally {
      await h.close();
    }
  });
});
