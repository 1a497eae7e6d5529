#!/usr/bin/env node
/**
 * Tool-call latency through the MCP bridge against the indexer's own latency, in one run:
 * search_schema and get_symbols on the GitHub schema, p50/p99 at 1 and 16 concurrent clients.
 * Starts the built indexer (real Redis, unique key prefix, no embeddings) and the built bridge
 * (MCP over Streamable HTTP on loopback), then calls both with the same requests.
 *
 *   npm run build && node apps/mcp-bridge/bench/bridge-latency.mjs [--calls 400] [--json out.json]
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { YokoService } from '@discovery/proto';
import { Redis } from 'ioredis';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const { values } = parseArgs({ options: { calls: { type: 'string', default: '400' }, json: { type: 'string' } } });
const CALLS = Number(values.calls);
const CONCURRENCY = [1, 16];

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function start(main, env, args = []) {
  const child = spawn(process.execPath, [join(ROOT, main), ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  child.on('exit', (code) => code && code !== 0 && console.error(`${main} exited ${code}: ${errors.slice(-500)}`));
  return child;
}

async function waitOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `calls` requests over `workers` concurrent workers; returns p50/p99 in ms and throughput. */
async function measure(workers, calls, run) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      for (let i = next++; i < calls; i = next++) {
        const t = performance.now();
        await run(worker, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: +percentile(latencies, 50).toFixed(2), p99: +percentile(latencies, 99).toFixed(2), perSecond: +(calls / seconds).toFixed(1) };
}

async function main() {
  const queries = readFileSync(join(ROOT, 'bench/data/search/queries.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((q) => q.schemaId === 'github')
    .map((q) => q.query);
  const schema = join(ROOT, 'bench/data/search/schemas/github.graphql');
  const token = `sd_${randomBytes(24).toString('hex')}`;
  const prefix = `bench-bridge-${randomBytes(4).toString('hex')}:`;
  const [indexerPort, bridgePort] = [await freePort(), await freePort()];
  const indexerUrl = `http://127.0.0.1:${indexerPort}`;
  const indexer = start('apps/indexer/dist/main.js', {
    LOG_LEVEL: 'warn',
    PORT: String(indexerPort),
    HOST: '127.0.0.1',
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: prefix,
    EMBEDDINGS_PROVIDER: 'none',
    DISCOVERY_TOKENS: `bench:sha256:${createHash('sha256').update(token).digest('hex')}`,
  });
  const bridge = start(
    'apps/mcp-bridge/dist/main.js',
    {
      LOG_LEVEL: 'warn',
      PORT: String(bridgePort),
      HOST: '127.0.0.1',
      DISCOVERY_URL: indexerUrl,
      DISCOVERY_TOKEN: token,
      SYNC_POLL_INTERVAL: '250ms',
    },
    ['--schema', schema],
  );
  const clients = [];
  try {
    await waitOk(`${indexerUrl}/readyz`, 120_000);
    await waitOk(`http://127.0.0.1:${bridgePort}/readyz`, 600_000);
    const indexId = `sha256:${createHash('sha256').update(readFileSync(schema)).digest('hex')}`;
    const yoko = createClient(
      YokoService,
      createConnectTransport({
        baseUrl: indexerUrl,
        httpVersion: '1.1',
        interceptors: [
          (next) => (req) => {
            req.header.set('authorization', `Bearer ${token}`);
            return next(req);
          },
        ],
      }),
    );
    for (let i = 0; i < Math.max(...CONCURRENCY); i++) {
      const client = new Client({ name: `bench-${i}`, version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${bridgePort}/mcp`)));
      clients.push(client);
    }
    // Coordinates to read: the top hits of each query (also warms both paths).
    const coordinates = [];
    for (const query of queries) {
      const { hits } = await yoko.searchSchema({ indexId, query, limit: 10 });
      coordinates.push(hits.slice(0, 5).map((h) => h.coordinate));
      await clients[0].callTool({ name: 'search_schema', arguments: { query } });
    }
    const rows = [];
    for (const concurrency of CONCURRENCY) {
      const workers = clients.slice(0, concurrency);
      const cases = {
        search_schema: {
          indexer: (_w, i) => yoko.searchSchema({ indexId, query: queries[i % queries.length], limit: 10 }),
          bridge: (c, i) => c.callTool({ name: 'search_schema', arguments: { query: queries[i % queries.length] } }),
        },
        get_symbols: {
          indexer: (_w, i) => yoko.getSymbols({ indexId, coordinates: coordinates[i % coordinates.length] }),
          bridge: (c, i) => c.callTool({ name: 'get_symbols', arguments: { coordinates: coordinates[i % coordinates.length] } }),
        },
      };
      for (const [tool, paths] of Object.entries(cases)) {
        const direct = await measure(workers, CALLS, paths.indexer);
        const through = await measure(workers, CALLS, async (c, i) => {
          const result = await paths.bridge(c, i);
          if (result.isError) throw new Error(`${tool} failed: ${result.content[0]?.text}`);
        });
        rows.push({ tool, concurrency, indexer: direct, bridge: through, addedP50: +(through.p50 - direct.p50).toFixed(2) });
      }
    }
    console.log(`GitHub schema, ${CALLS} calls per cell, loopback, ${queries.length} queries; latency in ms`);
    console.log('| tool | clients | indexer p50 | indexer p99 | bridge p50 | bridge p99 | added p50 | bridge calls/s |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.tool} | ${r.concurrency} | ${r.indexer.p50} | ${r.indexer.p99} | ${r.bridge.p50} | ${r.bridge.p99} | ${r.addedP50} | ${r.bridge.perSecond} |`,
      );
    if (values.json) writeFileSync(values.json, JSON.stringify({ calls: CALLS, rows }, null, 2));
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    bridge.kill('SIGTERM');
    indexer.kill('SIGTERM');
    const redis = new Redis('redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
