/**
 * A bounded load run against the MCP bridge as a process (built output)
 * over Streamable HTTP, in front of an indexer process: search_schema and
 * get_symbols calls from several MCP sessions, count and duration capped,
 * with p50/p99, errors and the bridge's resident memory per round.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { freePort, sleep, uniquePrefix } from '@discovery/testing';
import { report, summarize } from './support/figures.js';
import { spawnIndexer } from './support/indexer-process.js';
import { dropPrefix, fixture, TOKENS } from './support/test-indexer.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const prefix = uniquePrefix('rel-bridge');
const dir = mkdtempSync(join(tmpdir(), 'reliability-bridge-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropPrefix(prefix);
});

const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe('bounded load over MCP', () => {
  it('serves tool calls from several sessions with no errors and flat memory', async () => {
    const indexer = await spawnIndexer({ REDIS_KEY_PREFIX: prefix });
    const schemaFile = join(dir, 'schema.graphql');
    writeFileSync(schemaFile, fixture('cosmo-demo.graphql'));
    const port = await freePort();
    const bridge = spawn(`${ROOT}node_modules/.bin/node`, [`${ROOT}apps/mcp-bridge/dist/main.js`], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DISCOVERY_URL: indexer.baseUrl,
        DISCOVERY_TOKEN: TOKENS.acme,
        SCHEMA_FILE: schemaFile,
        MCP_SESSIONS: 'stateful',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    bridge.stdout.on('data', (c: Buffer) => (output += c.toString()));
    bridge.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const clients: Client[] = [];
    try {
      const url = new URL(`http://127.0.0.1:${port}/mcp`);
      for (let i = 0; i < 60 && clients.length === 0; i++) {
        try {
          const client = new Client({ name: 'reliability', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(url));
          clients.push(client);
        } catch {
          await sleep(500); // not listening yet
        }
      }
      expect(clients.length).toBe(1);
      for (let i = 1; i < 4; i++) {
        const client = new Client({ name: `reliability-${i}`, version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(url));
        clients.push(client);
      }
      // Wait for the bridge to adopt its index (tools say "still building" until then).
      for (let i = 0; i < 120; i++) {
        const r = (await clients[0]!.callTool({ name: 'search_schema', arguments: { query: 'employee' } })) as CallToolResult;
        if (!r.isError) break;
        await sleep(500);
      }
      const queries = ['employee details', 'current mood', 'products', 'team', 'department', 'update tag'];
      const round = async (total: number) => {
        const latencies: number[] = [];
        let errors = 0;
        let next = 0;
        const started = Date.now();
        await Promise.all(
          clients.map(async (client) => {
            while (next < total && Date.now() - started < 120_000) {
              const i = next++;
              const t = performance.now();
              const result = (await (i % 4 === 3
                ? client.callTool({ name: 'get_symbols', arguments: { coordinates: ['enum:Mood', 'object:Employee'] } })
                : client.callTool({ name: 'search_schema', arguments: { query: queries[i % queries.length], limit: 10 } }))) as CallToolResult;
              latencies.push(performance.now() - t);
              if (result.isError) errors++;
            }
          }),
        );
        return { latencies, errors, seconds: (Date.now() - started) / 1000 };
      };
      await round(1_000);
      const memory = [rss(bridge.pid!)];
      const rounds = [];
      for (let r = 0; r < 4; r++) {
        rounds.push(await round(2_500));
        memory.push(rss(bridge.pid!));
      }
      const all = summarize(rounds.flatMap((r) => r.latencies));
      const errors = rounds.reduce((a, r) => a + r.errors, 0);
      const seconds = rounds.reduce((a, r) => a + r.seconds, 0);
      report('load-mcp', {
        sessions: clients.length,
        calls: all.count,
        errors,
        perSecond: (all.count / seconds).toFixed(0),
        p50Ms: all.p50,
        p99Ms: all.p99,
        bridgeRssByRound: memory.map((b) => `${(b / 1024 / 1024).toFixed(0)}MiB`).join('>'),
        lastRoundGrowthPercent: (((memory[4]! - memory[3]!) / memory[3]!) * 100).toFixed(1),
      });
      expect(errors).toBe(0);
      expect(memory[4]!).toBeLessThan(memory[3]! * 1.05);
    } finally {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      bridge.kill('SIGTERM');
      await new Promise((resolve) => bridge.once('exit', resolve));
      await indexer.stop();
      if (process.env.RELIABILITY_VERBOSE) process.stdout.write(output);
    }
  });
});
