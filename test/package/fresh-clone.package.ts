/**
 * Issue 16 item 1 and the README's first command, on a fresh clone of this checkout's HEAD with
 * the machine's own npm and Node (older than 24 here): `npm ci` prints no EBADENGINE warnings
 * (nor any other warning), then `npm start -- --schema <file>` builds, starts and prints the
 * Ready: line with Node 24 from the project. Needs the npm registry (or its cache); minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The PATH of a shell on this machine: the system's npm and Node, nothing of the project. */
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';
let clone: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(() => {
  clone = join(mkdtempSync(join(tmpdir(), 'fresh-clone-')), 'repo');
  execFileSync('git', ['clone', '--quiet', ROOT, clone]);
});

afterAll(() => rmSync(join(clone, '..'), { recursive: true, force: true }));

describe('a fresh clone, with the machine npm', () => {
  it('npm ci prints no EBADENGINE (or other) warning', () => {
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: clone,
      env: { PATH: SYSTEM_PATH, HOME: process.env['HOME'] ?? '/root' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    const output = `${result.stdout}${result.stderr}`;
    expect(output).not.toContain('EBADENGINE');
    expect(output).not.toMatch(/npm warn/i);
    expect(output).toMatch(/added \d+ packages/);
  }, 900_000);

  it('npm start -- --schema file builds, starts on Node 24 and prints Ready:', async () => {
    const port = await freePort();
    const state = mkdtempSync(join(tmpdir(), 'fresh-state-'));
    const child = spawn('npm', ['start', '--', '--schema', 'test/fixtures/schemas/countries.graphql'], {
      cwd: clone,
      env: { PATH: SYSTEM_PATH, HOME: state, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 600_000;
      while (!/^Ready: /m.test(output) && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(output).toMatch(/^Ready: schema indexed \([\d,]+ symbols\) in [\d.]+s\. MCP endpoint: http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
      expect(output).toContain('Building (changed since the last build');
      const version = spawnSync(join(clone, 'node_modules/.bin/node'), ['--version'], { encoding: 'utf8' }).stdout;
      expect(version).toMatch(/^v24\./);
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(state, { recursive: true, force: true });
    }
  }, 900_000);
});
