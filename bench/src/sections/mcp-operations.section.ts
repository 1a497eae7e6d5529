/**
 * Bench section `mcp-operations` (issue 24): what an operation tool adds to a call of the team's
 * GraphQL API, and how soon a file written into the operations folder is a listed tool.
 * - Overhead: the same query against the real GraphQL API of @discovery/mcp/testing (graphql-js over
 *   HTTP on loopback) called directly with fetch, and as an operation tool through the MCP SDK's own
 *   client, in memory and over Streamable HTTP (a stateful session on the bridge's McpHttpService),
 *   in alternating order, ROUNDS rounds of CALLS calls each: p50 and p90 per path, and the p50 added
 *   to the direct call per round (target: at most 1 ms on loopback).
 * - Reload: a new operation file written, until the client's listChanged handler (the SDK's, fed by
 *   notifications/tools/list_changed) sees the new tool: RELOADS times (target: at most 1 s).
 */
import { createClient } from '@connectrpc/connect';
import {
  GraphqlApiClient,
  IndexSync,
  McpHttpService,
  OperationCatalog,
  OperationTools,
  RESERVED_TOOL_NAMES,
  createBridgeServer,
  readJsonBody,
  type BridgeServerOptions,
} from '@discovery/mcp';
import { EMPLOYEES_SDL, FakeDiscoveryService, startGraphqlApi } from '@discovery/mcp/testing';
import { DiscoveryService, YokoService } from '@discovery/proto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerSection, type SectionResult } from '../bench-section.js';

const ROUNDS = 5;
const CALLS = 300;
const WARMUP = 100;
const RELOADS = 10;
const QUERY = 'query GetEmployee($id: ID!) { employee(id: $id) { id name mood } }';

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (value: number): string => value.toFixed(3);

async function timed(calls: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}

registerSection({
  name: 'mcp-operations',
  description: 'operation tool overhead over a direct call of the GraphQL API, and file-to-listed-tool time',
  async run(context): Promise<SectionResult> {
    const load = loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
    const api = await startGraphqlApi();
    const dir = await mkdtemp(join(tmpdir(), 'bench-ops-'));
    await writeFile(join(dir, 'GetEmployee.graphql'), `${QUERY}\n`);
    const catalog = new OperationCatalog({ dir, omitToolNamePrefix: false, excludeMutations: false, reserved: RESERVED_TOOL_NAMES });
    catalog.setSchema(EMPLOYEES_SDL);
    await catalog.start();
    const tools = new OperationTools({
      catalog,
      client: new GraphqlApiClient({ endpoint: api.url, headers: {}, timeoutMs: 30_000, maxResponseBytes: 1 << 20, forwardHeaders: [] }),
      operationInfo: true,
      exposeSchema: false,
      arbitraryOperations: false,
      arbitraryMutations: false,
    });
    const fake = new FakeDiscoveryService();
    const yoko = createClient(YokoService, fake.transport());
    const options: BridgeServerOptions = {
      sync: new IndexSync({ client: yoko }),
      client: yoko,
      api: createClient(DiscoveryService, fake.transport()),
      operations: tools,
    };

    const server = createBridgeServer(options);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const changes: Array<{ at: number; names: string[] }> = [];
    const memory = new Client(
      { name: 'bench', version: '1' },
      {
        listChanged: {
          tools: { debounceMs: 0, onChanged: (_e, listed) => void changes.push({ at: performance.now(), names: (listed ?? []).map((t) => t.name) }) },
        },
      },
    );
    await server.connect(serverSide);
    await memory.connect(clientSide);

    const http = new McpHttpService({
      sessions: 'stateful',
      authTokenHashes: [],
      allowedHosts: () => ['*'],
      server: () => options,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const listener = createServer((req, res) => void readJsonBody(req, res).then((ok) => (ok ? http.handle(req, res) : undefined)));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const remote = new Client({ name: 'bench-http', version: '1' });
    await remote.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`)));

    const body = (i: number) => JSON.stringify({ query: QUERY, operationName: 'GetEmployee', variables: { id: String((i % 3) + 1) } });
    const direct = async (i: number) =>
      (
        await fetch(api.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
          body: body(i),
        })
      ).json();
    const viaMemory = (i: number) => memory.callTool({ name: 'execute_operation_get_employee', arguments: { id: String((i % 3) + 1) } });
    const viaHttp = (i: number) => remote.callTool({ name: 'execute_operation_get_employee', arguments: { id: String((i % 3) + 1) } });
    const paths: Array<[string, (i: number) => Promise<unknown>]> = [
      ['direct fetch', direct],
      ['operation tool, in memory', viaMemory],
      ['operation tool, Streamable HTTP', viaHttp],
    ];
    for (const [, run] of paths) await timed(WARMUP, run);

    const all = new Map<string, number[]>(paths.map(([name]) => [name, []]));
    const added: Array<{ memory: number; http: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? paths : [...paths].reverse();
      const p50 = new Map<string, number>();
      for (const [name, run] of order) {
        const times = await timed(CALLS, run);
        all.get(name)!.push(...times);
        p50.set(name, quantile(times, 0.5));
      }
      added.push({ memory: p50.get(paths[1]![0])! - p50.get(paths[0]![0])!, http: p50.get(paths[2]![0])! - p50.get(paths[0]![0])! });
      context.log(`round ${round + 1}: added p50 in memory ${ms(added.at(-1)!.memory)} ms, over HTTP ${ms(added.at(-1)!.http)} ms`);
    }

    const reloads: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      const name = `execute_operation_list_employees_${i}`;
      const seen = changes.length;
      const started = performance.now();
      await writeFile(join(dir, `ListEmployees_${i}.graphql`), `query ListEmployees_${i} { employees { name } }\n`);
      const deadline = started + 10_000;
      while (!changes.slice(seen).some((change) => change.names.includes(name)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      const hit = changes.slice(seen).find((change) => change.names.includes(name));
      reloads.push(hit ? hit.at - started : Number.NaN);
    }

    await remote.close();
    await memory.close();
    await server.close();
    await http.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await catalog.close();
    await api.close();
    await rm(dir, { recursive: true, force: true });

    const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
    const latency = paths.map(([name]) => {
      const times = all.get(name)!;
      return [name, times.length, ms(quantile(times, 0.5)), ms(quantile(times, 0.9)), ms(quantile(times, 0.99))];
    });
    const overhead = [
      [
        'operation tool, in memory',
        ms(
          quantile(
            added.map((a) => a.memory),
            0.5,
          ),
        ),
        range(added.map((a) => a.memory)),
        '≤ 1 ms',
      ],
      [
        'operation tool, Streamable HTTP',
        ms(
          quantile(
            added.map((a) => a.http),
            0.5,
          ),
        ),
        range(added.map((a) => a.http)),
        '(the MCP hop itself included)',
      ],
    ];
    const reload = [[RELOADS, ms(quantile(reloads, 0.5)), ms(Math.max(...reloads)), '≤ 1000 ms']];
    return {
      tables: [
        {
          title: `Call latency in ms, ${ROUNDS} rounds × ${CALLS} calls, alternating order (load average ${load})`,
          columns: ['path', 'calls', 'p50', 'p90', 'p99'],
          rows: latency,
        },
        {
          title: 'p50 added to the direct call, ms (median and range of the per-round figures)',
          columns: ['path', 'median', 'range', 'target'],
          rows: overhead,
        },
        { title: 'File written to tool listed by the client, ms', columns: ['runs', 'p50', 'max', 'target'], rows: reload },
      ],
      data: { load, latency, added, reloads },
    };
  },
});
