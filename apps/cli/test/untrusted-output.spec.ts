/**
 * The CLI prints and saves only clean text (issue 23 finding 6): a service (or the model behind it)
 * that answers with terminal escapes, control and hidden characters in descriptions, documents,
 * variables schemas, unsatisfied reasons or the demand report cannot reach the operator's terminal,
 * the --json output or the --out files with them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexStatus } from '@discovery/proto';
import { runWith, type CliRun } from './cli-harness.js';
import { FakeYokoServer } from './fake-yoko.server.js';

const TOKEN = 'sd_cli-untrusted-token-0123456789';
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this test looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|\r|\\u001b|\[31m|\]0;/u;
const DIRTY = '\u001b[31mred\u001b[0m\u001b]0;pwned\u0007 zero\u200bwidth \u202ebidi\u2066 tag\u{E0041}\u{E0042}\r';

let server: FakeYokoServer;
let url: string;
let dir: string;
let indexId: string;
const run = (...args: string[]): Promise<CliRun> => runWith(args, { DISCOVERY_URL: url, DISCOVERY_TOKEN: TOKEN });

beforeAll(async () => {
  server = new FakeYokoServer(TOKEN);
  url = await server.listen();
});
afterAll(async () => server.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-untrusted-'));
  indexId = `sha256:${'c'.repeat(64)}`;
  server.indexes.set(indexId, { status: IndexStatus.READY, pollsLeft: 0, fails: false, symbolCount: 3 });
  server.resolution = {
    queries: [
      {
        description: `Employees ${DIRTY}`,
        document: `"""Employees ${DIRTY}"""\nquery Employees($id: ID = "${'\u200b'}x") { employees { id } }`,
        operationName: 'Employees',
        operationType: 'query',
        variablesSchema: JSON.stringify({ type: 'object', properties: { id: { type: 'string', description: DIRTY } } }),
      },
    ],
    unsatisfied: [`No salary ${DIRTY}`],
    truncated: false,
  };
  server.demand = [{ reason: `No salary ${DIRTY}`, count: 3 }];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function expectClean(...texts: string[]): void {
  for (const text of texts) expect(text).not.toMatch(UNSAFE);
}

describe('untrusted text on the terminal and in files (issue 23 finding 6)', () => {
  it('discovery generate: stdout, stderr and the --out file', async () => {
    const out = join(dir, 'ops');
    const result = await run('generate', indexId, 'all', 'employees', '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Employees red zerowidth bidi tag');
    expect(result.stderr).toContain('Not answerable: No salary red zerowidth bidi tag');
    const files = readdirSync(out).map((name) => readFileSync(join(out, name), 'utf8'));
    expect(files).toHaveLength(1);
    expectClean(result.stdout, result.stderr, ...files);
  });

  it('discovery generate --json', async () => {
    const result = await run('generate', indexId, 'all', 'employees', '--json');
    expect(result.code).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect((JSON.parse(result.stdout) as { unsatisfied: string[] }).unsatisfied).toEqual([expect.stringMatching(/^No salary red zerowidth bidi tag\s*$/)]);
  });

  it("a service's error text on stderr, plain and --json", async () => {
    server.failedReason = `Syntax Error: Unexpected ${DIRTY}`;
    try {
      const schema = join(dir, 'schema.graphql');
      writeFileSync(schema, 'type Query { FAIL: String }');
      const plain = await run('index', schema);
      expect(plain.code).toBe(6);
      expect(plain.stderr).toContain('Syntax Error: Unexpected red zerowidth bidi tag');
      const json = await run('index', schema, '--json');
      expectClean(plain.stdout, plain.stderr, json.stdout, json.stderr);
    } finally {
      server.failedReason = 'Syntax Error: Expected Name, found "}" at line 3, column 1';
    }
  });

  it('discovery demand, as a table and as JSON', async () => {
    const table = await run('demand', indexId);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/3\s+\S+\s+No salary red zerowidth bidi tag/);
    const json = await run('demand', indexId, '--json');
    expectClean(table.stdout, table.stderr, json.stdout, json.stderr);
  });
});
