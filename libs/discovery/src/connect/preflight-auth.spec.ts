/**
 * The API's token check over HTTP: the Connect handler's preflight authenticates a call from its
 * headers before the body is read, and its principal goes with the call, so the auth interceptor
 * does not verify the same token again (one constant-time comparison per configured token and
 * call, not two). Refusals are unchanged: no or a wrong token is `unauthenticated`, a read-only
 * token calling EnsureIndex `permission_denied`, both before the body is read.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Authenticator, hashToken } from '@discovery/auth';
import { YokoService } from '@discovery/proto';
import { InProcessEventBus, InProcessJobQueue, MemoryIndexStore } from '@discovery/storage';
import type { BuildJobData, BuildJobResult } from '../discovery.types.js';
import { createDiscoveryRuntime, type DiscoveryRuntime } from '../discovery.runtime.js';

const WRITER = 'sd_writer-token-for-tests-0000000000000000000';
const READER = 'sd_reader-token-for-tests-0000000000000000000';
let comparisons = 0;
let runtime: DiscoveryRuntime;
let server: Server;
let queue: InProcessJobQueue<BuildJobData, BuildJobResult>;
let baseUrl: string;

beforeAll(async () => {
  queue = new InProcessJobQueue<BuildJobData, BuildJobResult>('index-build');
  runtime = createDiscoveryRuntime({
    store: new MemoryIndexStore(),
    events: new InProcessEventBus(),
    buildQueue: queue,
    authenticator: new Authenticator({
      enabled: true,
      tokens: [
        { tenant: 'acme', sha256: hashToken(WRITER), scopes: ['read', 'write'] },
        { tenant: 'acme', sha256: hashToken(READER), scopes: ['read'] },
      ],
      timingSafeEqual: (a, b) => {
        comparisons += 1;
        return timingSafeEqual(a, b);
      },
    }),
    limits: { idleTtlMs: 60_000, maxSdlBytes: 4_000_000, cacheMaxBytes: 64 << 20, buildConcurrency: 1 },
    runBuildWorker: false,
  });
  server = createServer((req, res) => runtime.handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await runtime.stop();
  await queue.close();
});

function client(token?: string) {
  return createClient(
    YokoService,
    createConnectTransport({
      baseUrl,
      httpVersion: '1.1',
      useBinaryFormat: true,
      interceptors: token
        ? [
            (next) => (req) => {
              req.header.set('authorization', `Bearer ${token}`);
              return next(req);
            },
          ]
        : [],
    }),
  );
}

async function codeOf(call: Promise<unknown>): Promise<Code | undefined> {
  return call.then(
    () => undefined,
    (error: unknown) => ConnectError.from(error).code,
  );
}

describe('the API token check over HTTP', () => {
  it('verifies a token once per call', async () => {
    comparisons = 0;
    expect((await client(WRITER).listIndexes({})).indexes).toEqual([]);
    expect(comparisons).toBe(2); // one verification: one comparison with each of the two tokens
    comparisons = 0;
    for (let i = 0; i < 3; i++) await client(READER).listIndexes({});
    expect(comparisons).toBe(6);
  });

  it('refuses as before: no or a wrong token, and a scope the token lacks', async () => {
    expect(await codeOf(client().listIndexes({}))).toBe(Code.Unauthenticated);
    expect(await codeOf(client('sd_wrong-token-000000000000000000000000000').listIndexes({}))).toBe(Code.Unauthenticated);
    expect(await codeOf(client(READER).ensureIndex({ sdl: 'type Query { a: Int }' }))).toBe(Code.PermissionDenied);
  });
});
