/**
 * One exit code for a bad configuration in every process (issue 25; docs/deployment.md "Exit
 * codes"): each built process, started with an invalid variable, prints what is wrong and exits
 * CONFIG_EXIT_CODE (78, EX_CONFIG). Needs `npm run build` (the built mains and bin shims are run).
 * REDIS_URL points at a closed port, so a process that wrongly started would reach nothing shared.
 */
import { describe, expect, it } from '@jest/globals';
import { CONFIG_EXIT_CODE } from '@discovery/config';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BAD_PORT = 'not-a-port';

/** A process and the environment that makes its configuration invalid. */
const PROCESSES: readonly { name: string; args: string[]; env: Record<string, string>; variable: string }[] = [
  { name: 'indexer', args: ['apps/indexer/dist/main.js'], env: { DISCOVERY_AUTH: 'off', PORT: BAD_PORT }, variable: 'PORT' },
  { name: 'generator', args: ['apps/generator/dist/main.js'], env: { METRICS_PORT: BAD_PORT }, variable: 'METRICS_PORT' },
  { name: 'bridge', args: ['apps/mcp-bridge/bin/discovery-mcp.js'], env: { DISCOVERY_URL: 'http://127.0.0.1:1', PORT: BAD_PORT }, variable: 'PORT' },
  { name: 'serve', args: ['apps/mcp-bridge/bin/discovery-mcp.js', 'serve'], env: { PORT: BAD_PORT }, variable: 'PORT' },
  { name: 'CLI', args: ['apps/cli/bin/discovery.js', 'indexes'], env: { DISCOVERY_URL: 'ftp://x' }, variable: 'DISCOVERY_URL' },
  { name: 'CLI serve', args: ['apps/cli/bin/discovery.js', 'serve'], env: { PORT: BAD_PORT }, variable: 'PORT' },
];

describe('a bad configuration', () => {
  it.each(PROCESSES)('$name: exits 78 naming $variable', ({ args, env, variable }) => {
    const home = mkdtempSync(join(tmpdir(), 'bad-config-'));
    try {
      const result = spawnSync(process.execPath, args, {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, XDG_STATE_HOME: home, REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn', ...env },
        encoding: 'utf8',
        timeout: 30_000,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect({ status: result.status, signal: result.signal }).toEqual({ status: CONFIG_EXIT_CODE, signal: null });
      expect(result.stderr).toContain(variable);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
