/**
 * Issue 23, the fast part of the low findings and the contracts (docs/reliability.md "Issue 23
 * findings (leaks, files, contracts)"), against the in-process indexer over real HTTP:
 * - finding 10: a chunked body (no Content-Length) is held to its method's size cap while it is
 *   read, like a declared one;
 * - yoko.v1 SearchSchema with a kind the service does not know matches nothing (docs/wire.md §1),
 *   never an error; discovery.v1 may stay strict;
 * - the bridge's /readyz turns red when its indexer cannot be reached, and says so without any
 *   internal message.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { Code, ConnectError } from '@connectrpc/connect';
import { startBridge } from '../../apps/mcp-bridge/test/bridge-harness.js';
import { dropPrefix, startTestIndexer, TOKENS, unique, untilSettled, type RunningIndexer } from './support/test-indexer.js';

let indexer: RunningIndexer;
beforeAll(async () => {
  indexer = await startTestIndexer();
});
afterAll(async () => {
  await indexer.stop();
  await dropPrefix(indexer.prefix);
});

/** POSTs `total` bytes of a JSON body in 64 KiB chunks without Content-Length; the answer, and how many bytes were sent before it. */
async function chunkedPost(path: string, total: number): Promise<{ status: number; body: string; sent: number }> {
  const url = new URL(path, indexer.baseUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.acme}` } }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const head = `{"indexId":"sha256:${'0'.repeat(64)}","query":"`;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = (): void => {
      while (!answered && sent < total) {
        const ok = req.write(sent === 0 ? Buffer.concat([Buffer.from(head), chunk]) : chunk);
        sent += chunk.length;
        if (!ok) return void req.once('drain', pump);
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

describe('issue 23 finding 10: chunked bodies', () => {
  it('a 5 MiB chunked GetSchemaSlice is refused at its 1 MiB cap, as a declared one is', async () => {
    const answer = await chunkedPost('/discovery.v1.DiscoveryService/GetSchemaSlice', 5 * 1024 * 1024);
    const error = JSON.parse(answer.body) as { code: string; message: string };
    expect(error.code).toBe('resource_exhausted');
    expect(error.message).toMatch(/GetSchemaSlice accepts at most 1048576 bytes/);
  });

  it('a 3 MiB chunked SearchSchema too; EnsureIndex keeps its MAX_SDL_BYTES cap', async () => {
    const search = JSON.parse((await chunkedPost('/yoko.v1.YokoService/SearchSchema', 3 * 1024 * 1024)).body) as { code: string; message: string };
    expect(search).toMatchObject({ code: 'resource_exhausted', message: expect.stringMatching(/SearchSchema accepts at most/) });
    const ensure = JSON.parse((await chunkedPost('/yoko.v1.YokoService/EnsureIndex', 2 * 1024 * 1024)).body) as { code: string };
    expect(ensure.code).not.toBe('resource_exhausted');
  });
});

describe('contract: yoko.v1 SearchSchema with an unknown kind', () => {
  it('matches nothing for that kind, never invalid_argument; known kinds beside it still match', async () => {
    const client = indexer.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: unique('type Query { order(id: ID!): Order }\ntype Order { id: ID! total: Int }') })).index!;
    await untilSettled(client, indexId);
    const alone = await client.searchSchema({ indexId, query: 'order', kinds: ['directive_of_the_future'] });
    expect(alone.hits).toEqual([]);
    const mixed = await client.searchSchema({ indexId, query: 'order', kinds: ['field', 'feild'] });
    expect(mixed.hits.length).toBeGreaterThan(0);
    expect(mixed.hits.every((hit) => hit.coordinate.startsWith('field:'))).toBe(true);
    const error = await client.searchSchema({ indexId, query: 'order', kinds: ['FIELD '] }).then(
      () => undefined,
      (e: unknown) => ConnectError.from(e),
    );
    expect(error?.code).not.toBe(Code.InvalidArgument);
  });
});

describe("contract: the bridge's /readyz follows its indexer", () => {
  it('is 200 while the indexer answers, 503 naming the discovery check once it cannot be reached', async () => {
    const own = await startTestIndexer();
    const bridge = await startBridge({ discoveryUrl: own.baseUrl, discoveryToken: TOKENS.acme, sdl: unique('type Query { ping: String }') });
    try {
      const readyz = `${new URL(bridge.app.mcpUrl).origin}/readyz`;
      const deadline = Date.now() + 60_000;
      while (bridge.runtime.sync.status().servingIndexId === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const up = await fetch(readyz);
      expect(up.status).toBe(200);
      await own.stop();
      const down = await fetch(readyz);
      const body = (await down.json()) as { status: string; failing?: string[]; checks: Record<string, string> };
      expect(down.status).toBe(503);
      expect(body.failing).toContain('discovery');
      expect(body.checks['discovery']).toBe('the discovery service cannot be reached');
    } finally {
      await bridge.close();
      await own.stop().catch(() => undefined);
      await dropPrefix(own.prefix);
    }
  });
});
