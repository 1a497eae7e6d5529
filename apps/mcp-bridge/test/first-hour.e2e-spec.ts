/**
 * The first hour of a new user, with the real commands (issue 16, items 2-4): the installed
 * `discovery-mcp` and `discovery` bins run with Node 24 from node_modules/.bin, the MCP SDK's own
 * stdio and HTTP clients, and no flags beyond the documented ones.
 * - `discovery-mcp --stdio --schema f` works with nothing else running and says `Ready:`;
 * - with DISCOVERY_URL naming nothing, a tool call says the service is unreachable and where;
 * - `serve` prints its banner, then progress and one `Ready:` line; the CLI works against it with
 *   no flags (the serve's address card), and the banner's commands run as printed.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEARCH_LIMIT_RULE, TOOL_TEXTS, ToolFailureCode } from '@discovery/mcp';
import { freePort } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call, textOf } from './bridge-harness.js';
import { ROOT } from './real-indexer.js';

const SCHEMA = join(ROOT, 'test/fixtures/schemas/countries.graphql');
const BIN = join(ROOT, 'node_modules/.bin');
const PATH = `${BIN}:/usr/local/bin:/usr/bin:/bin`;

/** A shell-like environment: PATH with Node 24, a private state folder, nothing of ours set. */
function userEnv(state: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH, HOME: state, XDG_STATE_HOME: join(state, 'state'), LOG_LEVEL: 'warn', EMBEDDINGS_PROVIDER: 'none', ...extra };
}

async function stdioClient(env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: join(BIN, 'discovery-mcp'),
    args: ['--stdio', '--schema', SCHEMA],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'first-hour', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function waitFor(what: string, check: () => boolean, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a bin as a user would in a shell; resolves with its exit code and output. */
function run(bin: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(BIN, bin), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'first-hour-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('discovery-mcp --stdio --schema file.graphql, nothing else running', () => {
  it('indexes in process, prints Ready: on stderr and answers the tools', async () => {
    const { client, stderr } = await stdioClient(userEnv(home));
    try {
      await waitFor('the Ready: line', () => /^Ready: schema indexed \([\d,]+ symbols\) in [\d.]+s\. Serving MCP on stdio\.$/m.test(stderr()), stderr);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['search_schema', 'get_symbols', 'get_schema_slice', 'generate_query']);
      // The examples in the descriptions come from the served schema, not the Cosmo demo's.
      const texts = JSON.stringify(tools) + (client.getInstructions() ?? '');
      expect(texts).not.toMatch(/Employee|employee|[Mm]ood/);
      expect(texts).toMatch(/field:Continent\.\w+/);
      const result = await call(client, 'search_schema', { query: 'country capital currency' });
      expect(result.isError).toBeFalsy();
      const hits = (result.structuredContent as { hits: Array<{ coordinate: string }> }).hits;
      expect(hits.map((h) => h.coordinate)).toContain('field:Country.capital');
      expect(stderr()).toMatch(/^Indexing the schema\.\.\.$/m);
    } finally {
      await client.close();
    }
  }, 90_000);

  it('answers the very first call, made before the build ends, instead of "still building" (issue 26)', async () => {
    const { client, stderr } = await stdioClient(userEnv(home));
    try {
      // No wait for Ready: the call waits for the first build (within SYNC_TIMEOUT).
      const result = await call(client, 'search_schema', { query: 'country', kinds: ['field'] });
      expect(textOf(result)).not.toMatch(/still building|Retry/);
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { hits: Array<{ coordinate: string }> }).hits.map((h) => h.coordinate)).toContain('field:Query.country');
      expect(stderr()).toMatch(/^Ready: /m);
    } finally {
      await client.close();
    }
  }, 90_000);

  it("keeps the index on disk under the user's cache folder, so a restart finds it (issue 26)", async () => {
    const env = userEnv(home, { XDG_CACHE_HOME: join(home, 'cache') });
    const first = await stdioClient(env);
    await waitFor('the Ready: line', () => /^Ready: /m.test(first.stderr()), first.stderr);
    await first.client.close();
    const cached = readdirSync(join(home, 'cache', 'schema-discovery', 'indexes'));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/^[0-9a-f]{64}\.idx$/);
    const second = await stdioClient(env);
    try {
      const result = await call(second.client, 'search_schema', { query: 'country', kinds: ['field'] });
      expect((result.structuredContent as { hits: Array<{ coordinate: string }> }).hits.map((h) => h.coordinate)).toContain('field:Query.country');
    } finally {
      await second.client.close();
    }
  }, 90_000);

  it('applies one limit rule at both doors: MCP and the discovery API accept 1000 and return at most 100', async () => {
    const { client, stderr } = await stdioClient(userEnv(home));
    try {
      await waitFor('the Ready: line', () => /^Ready: /m.test(stderr()), stderr);
      const { tools } = await client.listTools();
      const limit = (tools[0]!.inputSchema.properties as Record<string, { description?: string }>)['limit'];
      expect(limit?.description).toBe(SEARCH_LIMIT_RULE);
      expect(readFileSync(join(ROOT, 'libs/proto/proto/yoko/v1/yoko.proto'), 'utf8')).toContain('limits above 100 return at\n  // most 100');
      const coordinates = async (n: number) => {
        const result = await call(client, 'search_schema', { query: 'country continent language', limit: n });
        expect(result.isError).toBeFalsy();
        return (result.structuredContent as { hits: Array<{ coordinate: string }> }).hits.map((h) => h.coordinate);
      };
      const mcpHits = await coordinates(1000);
      expect(mcpHits.length).toBeGreaterThan(10);
      expect(mcpHits.length).toBeLessThanOrEqual(100);
      expect(mcpHits).toEqual(await coordinates(100));
    } finally {
      await client.close();
    }
  }, 90_000);

  it('names the URL it tried when DISCOVERY_URL names no service', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { client, stderr } = await stdioClient(userEnv(home, { DISCOVERY_URL: url, SYNC_POLL_INTERVAL: '200ms' }));
    try {
      await waitFor('the unreachable line', () => stderr().includes(`Cannot reach the indexer at ${url}; retrying.`), stderr);
      const text = textOf(await call(client, 'search_schema', { query: 'country' }));
      expect(text).toBe(`${TOOL_TEXTS[ToolFailureCode.Unreachable]} Tried the indexer at ${url}; is it running?`);
      expect(text).not.toMatch(/still building/);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('serve, then the CLI with no flags', () => {
  let serve: RunningService;
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = userEnv(join(home, 'serve'));
    serve = startService(ROOT, 'serve', { ...env, PORT: String(port) }, ['--schema', SCHEMA]);
    await serve.waitForHttp(`${base}/readyz`, 90_000);
    await waitFor('the Ready: line', () => /^Ready: /m.test(serve.output()), serve.output);
  }, 120_000);

  afterAll(async () => {
    await serve?.stop();
  });

  it('prints the banner, then progress, then one Ready: line with the symbol count and time', () => {
    const output = serve.output();
    const banner = output.indexOf('Schema discovery is running');
    const indexing = output.indexOf('Indexing the schema...');
    const ready = output.search(/^Ready: schema indexed \([\d,]+ symbols\) in [\d.]+s\. MCP endpoint: http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
    expect(banner).toBeGreaterThanOrEqual(0);
    expect(indexing).toBeGreaterThan(banner);
    expect(ready).toBeGreaterThan(indexing);
    expect(output.match(/^Ready: /gm)).toHaveLength(1);
    expect(output).toContain(`Discovery API (yoko.v1, Connect): ${base}  (bearer token required`);
  });

  it('runs the commands the banner prints, as printed (the topic filled in)', async () => {
    const commands = serve
      .output()
      .split('\n')
      .filter((line) => line.startsWith('  npx discovery '))
      .map((line) => line.trim().replace(/^npx discovery /, ''));
    expect(commands).toEqual(['indexes', `search ${SCHEMA} "<a few words>"`]);
    const indexes = await run('discovery', commands[0]!.split(' '), env);
    expect(indexes.stderr).toBe('');
    expect(indexes.code).toBe(0);
    expect(indexes.stdout).toMatch(/sha256:[0-9a-f]{64}/);
    const search = await run('discovery', ['search', SCHEMA, 'country capital'], env);
    expect(search.stderr).toBe('');
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('field:Country.capital');
    // The API door of the limit rule: 1000 is accepted and answers what 100 does.
    const wide = await run('discovery', ['search', SCHEMA, 'country continent language', '--limit', '1000', '--json'], env);
    const capped = await run('discovery', ['search', SCHEMA, 'country continent language', '--limit', '100', '--json'], env);
    expect(wide.code).toBe(0);
    expect(wide.stdout).toBe(capped.stdout);
  }, 60_000);

  it('explains a missing token when the URL is given without one and no serve card matches', async () => {
    const other = userEnv(join(home, 'elsewhere'), { DISCOVERY_URL: base });
    const result = await run('discovery', ['indexes'], other);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('set DISCOVERY_TOKEN');
    expect(result.stderr).toContain('discovery token --tenant');
  });
});
