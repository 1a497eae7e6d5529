/**
 * Issue 14, item 3: no work before authentication. The built indexer as a
 * process; clients with no token send 16 MiB JSON bodies, ten at a time, in
 * rounds, while another tenant searches and a probe polls /healthz. Every
 * such call is refused from its headers (`unauthenticated`, HTTP 401) without
 * the body being buffered or decoded: the searches and probes all succeed and
 * the indexer's peak resident memory grows by less than the bodies would
 * take (it grew from 205 to 815 MiB before). A body larger than its method
 * needs is refused from its Content-Length first, token or not (finding F7).
 *
 * Item 10: JWT defaults (a JWKS URL needs an audience, no scope is read-only,
 * lifetimes are capped); unknown search kinds match nothing (yoko.v1's contract, restored in issue 23).
 *
 * Item 4: the built bridge checks Host and Origin on every MCP request on any
 * interface, and refuses to start on a public one without client tokens
 * unless MCP_AUTH=off says so.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '@discovery/testing';
import { Code } from '@connectrpc/connect';
import { SignJWT } from 'jose';
import { IndexStatus } from '@discovery/proto';
import { dropPrefix, fixture, JWT_SECRET, TOKENS, unique, untilSettled } from './support/test-indexer.js';
import { outcome, rawCall } from './support/connect-calls.js';
import { report } from './support/figures.js';
import { spawnIndexer, type IndexerProcess } from './support/indexer-process.js';

const NODE = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));

/** `rounds` rounds of `parallel` unauthenticated EnsureIndex calls with a JSON body of `bytes`, from a child process. */
async function attack(baseUrl: string, rounds: number, parallel: number, bytes: number): Promise<string[]> {
  const script = `
    const body = '{"sdl":"type Query { a: Int }' + ' '.repeat(${bytes} - 64) + '"}';
    const answers = [];
    for (let round = 0; round < ${rounds}; round++) {
      answers.push(...(await Promise.all(Array.from({ length: ${parallel} }, () =>
        fetch('${baseUrl}/yoko.v1.YokoService/EnsureIndex', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (r) => r.status + ' ' + (await r.json()).code, (e) => 'transport ' + e.message)))));
    }
    process.stdout.write(JSON.stringify(answers));`;
  const child = spawn(NODE, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out) as string[];
}

function peakRss(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

describe('issue 14 item 3: no work before authentication', () => {
  let indexer: IndexerProcess;
  const prefix = `rel-i3-${process.pid}:`;
  beforeAll(async () => {
    indexer = await spawnIndexer({ REDIS_KEY_PREFIX: prefix });
  });
  afterAll(async () => {
    await indexer.stop();
    await dropPrefix(prefix);
  });

  it('16 MiB bodies without a token are refused from the headers while another tenant searches', async () => {
    const globex = indexer.client(TOKENS.globex);
    const { indexId } = (await globex.ensureIndex({ sdl: unique(fixture('countries.graphql')) })).index!;
    expect((await untilSettled(globex, indexId)).status).toBe(IndexStatus.READY);
    const before = peakRss(indexer.pid);
    let done = false;
    const searches = { ok: 0, failed: 0 };
    const probes = { ok: 0, failed: 0 };
    const background = Promise.all([
      (async () => {
        while (!done) {
          const answer = await outcome(globex.searchSchema({ indexId, query: 'country', limit: 3 }, { timeoutMs: 30_000 }));
          searches[answer.code === 'ok' ? 'ok' : 'failed']++;
        }
      })(),
      (async () => {
        while (!done) {
          const status = await fetch(`${indexer.baseUrl}/healthz`, { signal: AbortSignal.timeout(30_000) })
            .then(async (r) => {
              await r.body?.cancel();
              return r.status;
            })
            .catch(() => 0);
          probes[status === 200 ? 'ok' : 'failed']++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
    ]);
    // The attackers run in a process of their own, so this test's event loop (the searches and probes) stays free.
    const answers = await attack(indexer.baseUrl, 3, 10, 16 * 1024 * 1024);
    done = true;
    await background;
    const after = peakRss(indexer.pid);
    report('I3-unauthenticated-16MiB-bodies', {
      calls: answers.length,
      refused401: answers.filter((a) => a === '401 unauthenticated').length,
      searchesOk: searches.ok,
      searchesFailed: searches.failed,
      probesOk: probes.ok,
      probesFailed: probes.failed,
      peakRssBeforeMiB: before >> 20,
      peakRssAfterMiB: after >> 20,
    });
    expect(new Set(answers)).toEqual(new Set(['401 unauthenticated']));
    expect(searches.failed).toBe(0);
    expect(probes.failed).toBe(0);
    expect(after - before).toBeLessThan(128 * 1024 * 1024);
  });

  it('a body larger than its method needs is refused from Content-Length, with or without a token', async () => {
    const body = `{"indexId":"${'a'.repeat(2 * 1024 * 1024)}"}`;
    const variants: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKENS.acme}` }];
    for (const headers of variants) {
      const answer = await rawCall(indexer.baseUrl, 'GetIndex', body, { 'content-type': 'application/json', ...headers });
      expect(answer.errorCode).toBe('resource_exhausted');
      expect(answer.errorMessage).toMatch(/GetIndex accepts at most \d+ bytes/);
    }
    // A well-formed call still works.
    expect((await outcome(indexer.client(TOKENS.acme).listIndexes({}))).code).toBe('ok');
  });
});

const BRIDGE_MAIN = fileURLToPath(new URL('../../apps/mcp-bridge/dist/main.js', import.meta.url));
const SCHEMA = fileURLToPath(new URL('../fixtures/schemas/countries.graphql', import.meta.url));

interface BridgeProcess {
  port: number;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** The built bridge with `env`; waits until /healthz answers or the process exits. */
async function spawnBridge(env: Record<string, string>): Promise<BridgeProcess> {
  const port = await freePort();
  const child = spawn(NODE, [BRIDGE_MAIN], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), LOG_LEVEL: 'warn', DISCOVERY_URL: 'http://127.0.0.1:9', SCHEMA_FILE: SCHEMA, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 300 && !gone; i++) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => {
        void r.body?.cancel();
        return r.status;
      },
      () => 0,
    );
    if (status === 200) break;
    await sleep(200);
  }
  return {
    port,
    output: () => output,
    exited,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** POSTs an MCP initialize to 127.0.0.1:`port`/mcp with the given Host and Origin headers; the HTTP status. */
function initialize(port: number, headers: { host: string; origin?: string; authorization?: string }): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rebinding', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('issue 14 item 4: DNS rebinding and Origin', () => {
  it('a bridge on a public interface without client tokens refuses to start unless MCP_AUTH=off', async () => {
    const bridge = await spawnBridge({ HOST: '0.0.0.0' });
    const code = await bridge.exited;
    report('I4-public-without-tokens', { exitCode: String(code), names: /MCP_AUTH_TOKENS/.test(bridge.output()) ? 'MCP_AUTH_TOKENS' : '-' });
    expect(code).not.toBe(0);
    expect(bridge.output()).toContain('MCP_AUTH_TOKENS');
  });

  it.each([
    ['0.0.0.0', { MCP_AUTH: 'off' }],
    ['127.0.0.1', {}],
  ])('bound to %s, /mcp checks Host and Origin on every request', async (host, env) => {
    const bridge = await spawnBridge({ HOST: host, ...env });
    try {
      const p = bridge.port;
      const answers = {
        loopbackHost: await initialize(p, { host: `localhost:${p}` }),
        rebindHost: await initialize(p, { host: `attacker.example:${p}` }),
        foreignOrigin: await initialize(p, { host: `127.0.0.1:${p}`, origin: 'http://attacker.example' }),
        rebindOrigin: await initialize(p, { host: `localhost:${p}`, origin: `http://attacker.example:${p}` }),
        loopbackOrigin: await initialize(p, { host: `127.0.0.1:${p}`, origin: 'http://localhost:6274' }),
      };
      report(`I4-host-origin ${host}`, answers);
      expect(answers).toEqual({ loopbackHost: 200, rebindHost: 403, foreignOrigin: 403, rebindOrigin: 403, loopbackOrigin: 200 });
    } finally {
      await bridge.stop();
    }
  });

  it('configured hosts and origins are accepted, with client tokens', async () => {
    const bridge = await spawnBridge({
      HOST: '0.0.0.0',
      MCP_AUTH_TOKENS: 'sd_reliability-client-token',
      MCP_ALLOWED_HOSTS: 'bridge.internal:4200',
      MCP_ALLOWED_ORIGINS: 'https://console.example',
    });
    try {
      const token = 'Bearer sd_reliability-client-token';
      const p = bridge.port;
      expect(await initialize(p, { host: 'bridge.internal:4200', origin: 'https://console.example', authorization: token })).toBe(200);
      expect(await initialize(p, { host: 'bridge.internal:4200' })).toBe(401);
      expect(await initialize(p, { host: `localhost:${p}`, authorization: token })).toBe(403);
    } finally {
      await bridge.stop();
    }
  });
});

describe('issue 14 item 10: JWT defaults and unknown kinds', () => {
  let indexer: IndexerProcess;
  const prefix = `rel-i10-${process.pid}:`;
  const key = new TextEncoder().encode(JWT_SECRET);
  const now = () => Math.floor(Date.now() / 1000);
  /** An HS256 token with `claims`; `iat` and `exp` as given (undefined: left out). */
  const jwt = (claims: Record<string, unknown>, times: { iat?: number; exp?: number }) => {
    const token = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
    if (times.iat !== undefined) token.setIssuedAt(times.iat);
    if (times.exp !== undefined) token.setExpirationTime(times.exp);
    return token.sign(key);
  };
  beforeAll(async () => {
    indexer = await spawnIndexer({ REDIS_KEY_PREFIX: prefix });
  });
  afterAll(async () => {
    await indexer.stop();
    await dropPrefix(prefix);
  });

  it('a JWKS URL without an audience is refused at startup, naming DISCOVERY_JWT_AUDIENCE', async () => {
    const started = await spawnIndexer({ REDIS_KEY_PREFIX: prefix, DISCOVERY_JWT_JWKS_URL: 'https://idp.example/.well-known/jwks.json' }).then(
      async (process) => {
        await process.stop();
        return 'started';
      },
      (error: unknown) => String(error),
    );
    report('I10-jwks-without-audience', {
      startup: started === 'started' ? 'started' : `refused, exit ${/exited with (\d+)/.exec(started)?.[1] ?? '?'}`,
      names: String(started.includes('DISCOVERY_JWT_AUDIENCE')),
    });
    expect(started).toMatch(/exited with [1-9]/);
    expect(started).toContain('DISCOVERY_JWT_AUDIENCE');
  });

  it('a token without scope is read-only; a lifetime over DISCOVERY_JWT_MAX_LIFETIME (24h) is refused', async () => {
    const iat = now();
    const tokens: Record<string, string> = {
      'no scope claim': await jwt({ tenant: 'acme' }, { iat, exp: iat + 600 }),
      'scope null': await jwt({ tenant: 'acme', scope: null }, { iat, exp: iat + 600 }),
      'exp in the year 5138': await jwt({ tenant: 'acme', scope: 'read write' }, { iat, exp: 99_999_999_999 }),
      'no iat, exp in 2 days': await jwt({ tenant: 'acme', scope: 'read write' }, { exp: iat + 2 * 86_400 }),
      'read write, 1 hour': await jwt({ tenant: 'acme', scope: 'read write' }, { iat, exp: iat + 3_600 }),
    };
    const answers: Record<string, string> = {};
    for (const [name, token] of Object.entries(tokens)) {
      const client = indexer.client(token);
      const ensure = await outcome(client.ensureIndex({ sdl: unique('type Query { a: Int }') }));
      const list = await outcome(client.listIndexes({}));
      answers[name] = `ensure=${ensure.code === 'ok' ? 'ok' : Code[ensure.code]} list=${list.code === 'ok' ? 'ok' : Code[list.code]}`;
    }
    report('I10-jwt-defaults', answers);
    expect(answers).toEqual({
      'no scope claim': 'ensure=PermissionDenied list=ok',
      'scope null': 'ensure=PermissionDenied list=ok',
      'exp in the year 5138': 'ensure=Unauthenticated list=Unauthenticated',
      'no iat, exp in 2 days': 'ensure=Unauthenticated list=Unauthenticated',
      'read write, 1 hour': 'ensure=ok list=ok',
    });
  });

  it('an unknown kind in SearchSchema matches nothing (the yoko.v1 contract restored in issue 23); the MCP tool still names it', async () => {
    const client = indexer.client(TOKENS.acme);
    const { indexId } = (await client.ensureIndex({ sdl: unique(fixture('countries.graphql')) })).index!;
    expect((await untilSettled(client, indexId)).status).toBe(IndexStatus.READY);
    const answer = await outcome(client.searchSchema({ indexId, query: 'country', limit: 3, kinds: ['field', 'feild'] }));
    report('I10-unknown-kind', { code: answer.code === 'ok' ? 'ok' : Code[answer.code], message: answer.message });
    expect(answer.code).toBe('ok');
    expect((await client.searchSchema({ indexId, query: 'country', limit: 3, kinds: ['feild'] })).hits).toEqual([]);
  });
});
