/**
 * `serve` with schemas that cannot be indexed (issue 26): it says why in one plain line (a syntax
 * error with its line and column, a cap by its variable), agents are told the text that fits
 * instead of "Retry in a few seconds", and the CLI names MAX_SDL_BYTES for a schema over it.
 * Needs `npm run build`.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { TOOL_TEXTS } from '@discovery/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWith } from '../../cli/test/cli-harness.js';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';
import { call, textOf } from './bridge-harness.js';
import { ROOT } from './real-indexer.js';

const dir = mkdtempSync(join(tmpdir(), 'serve-failures-'));
const running: RunningService[] = [];

afterAll(async () => {
  await Promise.all(running.map((service) => service.stop()));
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Starts serve on a free port for a schema text; resolves once it printed its "Not ready:" line. */
async function serveFailing(sdl: string, env: Record<string, string> = {}): Promise<{ service: RunningService; url: string; line: string }> {
  const file = join(dir, `schema-${running.length}.graphql`);
  writeFileSync(file, sdl);
  const service = startService(ROOT, 'serve', { LOG_LEVEL: 'warn', PORT: '0', EMBEDDINGS_PROVIDER: 'none', DISCOVERY_AUTH: 'off', ...env }, ['--schema', file]);
  running.push(service);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const out = service.output();
    const url = /Discovery API \(yoko\.v1, Connect\): (http:\/\/\S+)/.exec(out)?.[1];
    const line = /^Not ready: .*(\n {2}.*)?$/m.exec(out)?.[0];
    if (url && line) return { service, url, line };
    if (Date.now() > deadline) throw new Error(`no "Not ready:" line:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function toolText(url: string): Promise<string> {
  const client = new Client({ name: 'serve-failures', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  try {
    return textOf(await call(client, 'search_schema', { query: 'anything' }));
  } finally {
    await client.close();
  }
}

describe('serve says why a schema failed', () => {
  it('a syntax error: its line and column in a plain line, and "not valid" for agents', async () => {
    const logFile = join(dir, 'serve.log');
    const { service, url, line } = await serveFailing('type Query {\n  a: String\n  b: %%%\n}\n', { LOG_FILE: logFile });
    // The JSON logs went to the file; the terminal has the plain lines only (issue 26).
    expect(service.output()).not.toContain('{"level"');
    expect(service.output()).toContain(`Logs (JSON lines): ${logFile}`);
    expect(line).toMatch(
      /^Not ready: The index build failed: Syntax Error: .* at line 3, column 6\.\n {2}Fix the schema: it is read again when the file changes\.$/,
    );
    const text = await toolText(url);
    expect(text.startsWith(`${TOOL_TEXTS.invalid_request} The index build failed: Syntax Error`)).toBe(true);
    expect(text).not.toContain('Retry');
    expect(readFileSync(logFile, 'utf8')).toContain('"msg":"index build failed"');
  }, 90_000);

  it('a schema over MAX_INDEX_SYMBOLS: the cap by name, and "not configured correctly" for agents', async () => {
    const { url, line } = await serveFailing('type Query {\n  a: String\n  b: String\n  c: String\n}\n', { MAX_INDEX_SYMBOLS: '2' });
    expect(line).toContain('(MAX_INDEX_SYMBOLS)');
    expect(line).toContain('over a configured limit');
    const text = await toolText(url);
    expect(text.startsWith(`${TOOL_TEXTS.misconfigured} The index build failed:`)).toBe(true);
    expect(text).toContain('MAX_INDEX_SYMBOLS');
    expect(text).not.toContain('Retry');
  }, 90_000);

  it("a schema over MAX_SDL_BYTES: named in serve's line and by the CLI (not connect-es's readMaxBytes)", async () => {
    const big = `type Query {\n${Array.from({ length: 4000 }, (_, i) => `  field${i}: String`).join('\n')}\n}\n`;
    const { url, line } = await serveFailing(big, { MAX_SDL_BYTES: '1KiB' });
    expect(line).toContain('MAX_SDL_BYTES');
    expect(await toolText(url)).toContain('MAX_SDL_BYTES');
    const file = join(dir, 'big.graphql');
    writeFileSync(file, big);
    const cli = await runWith(['index', file], { DISCOVERY_URL: url, HOME: dir });
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('MAX_SDL_BYTES');
    expect(cli.stderr).not.toContain('readMaxBytes');
  }, 90_000);
});
