import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { OpenAiEmbeddingProvider, type OpenAiEmbeddingOptions } from './openai-embedding.provider.js';
import { dot } from './vector-math.js';

interface Seen {
  auth: string | undefined;
  body: { model: string; input: string[]; dimensions?: number; encoding_format?: string };
}
type Handler = (seen: Seen, res: ServerResponse, attempt: number) => void;

/** Deterministic, not normalized vector of a text: [len, charCode0, 1, 2]. */
const vectorOf = (text: string, dims: number): number[] => Array.from({ length: dims }, (_, i) => (i === 0 ? text.length : text.charCodeAt(i - 1) || 1));

function answer(seen: Seen, res: ServerResponse, dims = 4): void {
  const data = seen.body.input.map((text, index) => {
    const v = vectorOf(text, dims);
    const embedding = seen.body.encoding_format === 'base64' ? Buffer.from(Float32Array.from(v).buffer).toString('base64') : v;
    return { object: 'embedding', index, embedding };
  });
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ object: 'list', data: data.reverse(), model: seen.body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
}

describe('OpenAiEmbeddingProvider against a local /v1/embeddings server', () => {
  let server: Server;
  let baseURL: string;
  let handler: Handler;
  let requests: Seen[];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/embeddings') return void res.writeHead(404).end();
        const seen: Seen = { auth: req.headers.authorization, body: JSON.parse(raw) as Seen['body'] };
        requests.push(seen);
        handler(seen, res, requests.length);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = [];
    handler = (seen, res) => answer(seen, res);
  });

  const make = (overrides: Partial<OpenAiEmbeddingOptions> = {}): OpenAiEmbeddingProvider =>
    new OpenAiEmbeddingProvider({ baseURL, apiKey: 'sk-test-secret', model: 'embed-small', dimensions: 4, timeoutMs: 5000, ...overrides });

  it('embeds in batches, in input order, as unit vectors, with the key as bearer token', async () => {
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'g'];
    const vectors = await make({ batchSize: 3 }).embed(texts);
    expect(requests.map((r) => r.body.input.length).sort()).toEqual([1, 3, 3]);
    expect(requests.every((r) => r.auth === 'Bearer sk-test-secret' && r.body.model === 'embed-small')).toBe(true);
    expect(requests.some((r) => 'dimensions' in r.body)).toBe(false);
    texts.forEach((text, i) => {
      const expected = Float32Array.from(vectorOf(text, 4));
      const v = vectors[i] as Float32Array;
      expect(dot(v, v)).toBeCloseTo(1, 5);
      expect(dot(v, expected) / Math.sqrt(dot(expected, expected))).toBeCloseTo(1, 5);
    });
  });

  it('sends dimensions when asked and names model and settings in its id', async () => {
    const provider = make({ sendDimensions: true });
    await provider.embed(['x']);
    expect(requests[0]?.body.dimensions).toBe(4);
    expect(provider.id).toBe('openai:embed-small;d=4;shortened');
    expect(make().id).toBe('openai:embed-small;d=4');
  });

  it('retries 429 and 503 answers, then succeeds', async () => {
    handler = (seen, res, attempt) => {
      if (attempt === 1) return void res.writeHead(429, { 'retry-after-ms': '5', 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}');
      if (attempt === 2) return void res.writeHead(503, { 'retry-after-ms': '5' }).end('busy');
      answer(seen, res);
    };
    const vectors = await make().embed(['hello']);
    expect(vectors).toHaveLength(1);
    expect(requests).toHaveLength(3);
  });

  it('gives up on persistent 5xx after its retries with request_failed', async () => {
    handler = (_seen, res) => void res.writeHead(500, { 'retry-after-ms': '1' }).end('{"error":{"message":"boom"}}');
    await expect(make({ maxRetries: 2 }).embed(['x'])).rejects.toMatchObject({ code: 'request_failed', message: expect.stringContaining('HTTP 500') });
    expect(requests).toHaveLength(3);
  });

  it('does not retry a rejected key, and never shows the key', async () => {
    handler = (_seen, res) => void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"invalid api key"}}');
    const error = (await make()
      .embed(['x'])
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as Error;
    expect(error).toMatchObject({ code: 'request_rejected', message: expect.stringContaining('check the API key') });
    expect(error.message).not.toContain('sk-test-secret');
    expect(requests).toHaveLength(1);
  });

  it('rejects vectors of the wrong length and missing rows', async () => {
    handler = (seen, res) => answer(seen, res, 3);
    await expect(make().embed(['x'])).rejects.toMatchObject({ code: 'request_rejected', message: expect.stringContaining('3-d') });
    handler = (_seen, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
    await expect(make().embed(['x'])).rejects.toMatchObject({ code: 'request_rejected', message: expect.stringContaining('0 vectors for 1') });
  });

  it('times out a silent server, within the attempt timeout or the call budget', async () => {
    handler = () => undefined;
    await expect(make({ timeoutMs: 100, maxRetries: 0 }).embed(['x'])).rejects.toMatchObject({ code: 'timeout' });
    await expect(make({ timeoutMs: 5000, budgetMs: 150 }).embed(['x'])).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('budget') });
  });

  it('stops when the caller aborts', async () => {
    handler = () => undefined;
    const controller = new AbortController();
    const pending = make().embed(['x'], controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('fails fast on an unreachable endpoint', async () => {
    await expect(make({ baseURL: 'http://127.0.0.1:1/v1', maxRetries: 0 }).embed(['x'])).rejects.toMatchObject({
      code: 'request_failed',
      message: expect.stringContaining('cannot connect'),
    });
  });

  it('rejects bad settings and bad input with clear errors', async () => {
    expect(() => make({ baseURL: 'not a url' })).toThrow(/baseURL is not a URL/);
    expect(() => make({ baseURL: 'ftp://x/v1' })).toThrow(/http\(s\)/);
    expect(() => make({ model: ' ' })).toThrow(/model/);
    expect(() => make({ dimensions: 0 })).toThrow(/dimensions/);
    expect(() => make({ batchSize: 5000 })).toThrow(/batchSize/);
    await expect(make().embed([''])).rejects.toMatchObject({ code: 'invalid_input' });
    const closed = make();
    await closed.close();
    await expect(closed.embed(['x'])).rejects.toMatchObject({ code: 'closed' });
  });
});
