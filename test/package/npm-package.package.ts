/**
 * Issue 16 item 5: the project as a package. `npm pack` (its prepack builds what changed) gives a
 * tarball; `npm install -g` of it into a private prefix gives `discovery` and `discovery-mcp`,
 * which work from an unrelated folder: the CLI's help, and `discovery-mcp --stdio --schema f`
 * driven by the MCP SDK's stdio client exactly as the documented client configuration launches
 * it. Both Node.js LTS releases in support run them: Node 24 (the project's dev dependency) and
 * Node 22 (the `node@22` package from the npm registry, installed into the test's folder), each
 * as the user's `node` on PATH; an older Node is refused with what to install.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE24 = join(ROOT, 'node_modules/.bin');
let work: string;
let bin: string;
let elsewhere: string;
/** Folders holding a `node` of each supported major, by major. */
const nodeBins = new Map<number, string>();

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'npm-package-'));
  const env = { ...process.env, PATH: `${NODE24}:${process.env['PATH'] ?? ''}` };
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  const prefix = join(work, 'prefix');
  execFileSync('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)], {
    cwd: work,
    // As the README installs it: onnxruntime-node's install script would fetch CUDA binaries (the CPU ones ship in the package).
    env: { ...env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  bin = join(prefix, 'bin');
  // Node 22 from the registry's `node` package (its preinstall fetches the binary, as the dev dependency's does).
  const node22 = join(work, 'node22');
  mkdirSync(node22);
  writeFileSync(join(node22, 'package.json'), JSON.stringify({ private: true, allowScripts: { node: true } }));
  execFileSync('npm', ['install', '--prefix', node22, '--prefer-offline', '--no-audit', '--no-fund', 'node@22'], {
    cwd: node22,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  nodeBins.set(24, NODE24);
  nodeBins.set(22, join(node22, 'node_modules/.bin'));
  elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'));
  copyFileSync(join(ROOT, 'test/fixtures/schemas/countries.graphql'), join(elsewhere, 'countries.graphql'));
}, 900_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

/** PATH of a user with Node `major` and the global bin folder. */
const userPath = (major: number) => `${bin}:${nodeBins.get(major)!}:/usr/local/bin:/usr/bin:/bin`;

describe.each([24, 22])('the installed package on Node %i, used from another folder', (major) => {
  it('has that Node as the node on PATH', () => {
    const version = spawnSync('node', ['-p', 'process.versions.node'], { env: { PATH: userPath(major) }, encoding: 'utf8' }).stdout.trim();
    expect(Number(version.split('.')[0])).toBe(major);
  });

  it('runs discovery and discovery-mcp', () => {
    for (const [command, first] of [
      ['discovery', 'discovery: schema discovery for GraphQL'],
      ['discovery-mcp', 'Usage: discovery-mcp'],
    ] as const) {
      const result = spawnSync(command, ['--help'], { cwd: elsewhere, env: { PATH: userPath(major), HOME: elsewhere }, encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(first);
    }
  });

  it('serves MCP over stdio as a client configuration launches it, nothing else running', async () => {
    const transport = new StdioClientTransport({
      command: 'discovery-mcp',
      args: ['--stdio', '--schema', 'countries.graphql'],
      cwd: elsewhere,
      env: { PATH: userPath(major), HOME: elsewhere, EMBEDDINGS_PROVIDER: 'none', LOG_LEVEL: 'warn' },
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
});

describe('the installed package on an older Node', () => {
  it('refuses a Node older than 22, saying what to install', () => {
    const old = Number(spawnSync('/usr/bin/node', ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim());
    if (!(old < 22)) return; // no older Node on this machine to try
    for (const command of ['discovery', 'discovery-mcp']) {
      const result = spawnSync('/usr/bin/node', [join(bin, command), '--help'], { cwd: elsewhere, encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^${command}: needs Node\\.js 22 or newer, this is v\\d+`));
      expect(result.stderr).toContain('Install Node.js 24 (or 22)');
    }
  });
});
