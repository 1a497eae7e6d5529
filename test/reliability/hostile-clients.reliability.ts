/**
 * Issue 14, item 3: no work before authentication. The built indexer as a
 * process; clients with no token send 16 MiB JSON bodies, ten at a time, in
 * rounds, while another tenant searches and a probe polls /healthz. Every
 * such call is refused from its headers (`unauthenticated`, HTTP 401) without
 * the body being buffered or decoded: the searches and probes all succeed and
 * the indexer's peak resident memory grows by less than the bodies would
 * take (it grew from 205 to 815 MiB before). A body larger than its method
 * needs is refused from its Content-Length, token or not.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IndexStatus } from '@discovery/proto';
import { dropPrefix, fixture, TOKENS, unique, untilSettled } from './support/test-indexer.js';
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
            .then(async (r) => (await r.body?.cancel(), r.status))
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
      const expected = 'authorization' in headers ? 'resource_exhausted' : 'unauthenticated';
      expect(answer.errorCode).toBe(expected);
      if (expected === 'resource_exhausted') expect(answer.errorMessage).toMatch(/GetIndex accepts at most \d+ bytes/);
    }
    // A well-formed call still works.
    expect((await outcome(indexer.client(TOKENS.acme).listIndexes({}))).code).toBe('ok');
  });
});
