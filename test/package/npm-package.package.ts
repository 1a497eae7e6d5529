/**
 * Issue 16 item 5: the project as a package. `npm pack` (its prepack builds what changed) gives a
 * tarball; `npm install -g` of it into a private prefix gives `discovery` and `discovery-mcp`,
 * which work from an unrelated folder: the CLI's help, and `discovery-mcp --stdio --schema f`
 * driven by the MCP SDK's stdio client exactly as the documented client configuration launches
 * it. Node 24 is on PATH (the user's; the commands refuse an older Node with a clear message).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE24 = join(ROOT, 'node_modules/.bin');
let work: string;
let bin: string;
let elsewhere: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'npm-package-'));
  const env = { ...process.env, PATH: `${NODE24}:${process.env['PATH'] ?? ''}` };
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  const prefix = join(work, 'prefix');
  execFileSync('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)], {
    cwd: work,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  bin = join(prefix, 'bin');
  elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'));
  copyFileSync(join(ROOT, 'test/fixtures/schemas/countries.graphql'), join(elsewhere, 'countries.graphql'));
}, 900_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

/** PATH of a user with Node 24 and the global bin folder. */
const userPath = () => `${bin}:${dirname(join(NODE24, 'node'))}:/usr/local/bin:/usr/bin:/bin`;

describe('the installed package, used from another folder', () => {
  it('runs discovery and discovery-mcp', () => {
    for (const [command, first] of [['discovery', 'discovery: schema discovery for GraphQL'], ['discovery-mcp', 'Usage: discovery-mcp']] as const) {
      const result = spawnSync(command, ['--help'], { cwd: elsewhere, env: { PATH: userPath(), HOME: elsewhere }, encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(first);
    }
  });

  it('serves MCP over stdio as a client configuration launches it, nothing else running', async () => {
    const transport = new StdioClientTransport({
      command: 'discovery-mcp',
      args: ['--stdio', '--schema', 'countries.graphql'],
      cwd: elsewhere,
      env: { PATH: userPath(), HOME: elsewhere, EMBEDDINGS_PROVIDER: 'none', LOG_LEVEL: 'warn' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const deadline = Date.now() + 60_000;
      while (!/^Ready: /m.test(stderr) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr).toMatch(/^Ready: schema indexed/m);
      const result = await client.callTool({ name: 'search_schema', arguments: { query: 'country capital' } });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.structuredContent)).toContain('field:Country.capital');
    } finally {
      await client.close();
    }
  });

  it('refuses a Node older than 24 with a clear message', () => {
    const result = spawnSync('/usr/bin/node', [join(bin, 'discovery'), '--help'], { cwd: elsewhere, encoding: 'utf8' });
    const old = Number(spawnSync('/usr/bin/node', ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim());
    if (!(old < 24)) return; // no older Node on this machine to try
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/needs Node\.js 24 or newer, this is v\d+/);
  });
});
