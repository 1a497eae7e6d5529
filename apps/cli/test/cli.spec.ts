/**
 * The discovery CLI against a scripted yoko.v1 service over HTTP: every
 * command's human and --json output, the requests it sends, and the exit code
 * of every failure (docs: discovery --help).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexStatus } from '@discovery/proto';
import { runWith, type CliRun } from './cli-harness.js';
import { FakeYokoServer } from './fake-yoko.server.js';

const TOKEN = 'sd_cli-test-token-0123456789';
const SDL = 'type Query { employees: [Employee!]! }\ntype Employee { id: ID! }\n';
let server: FakeYokoServer;
let url: string;
let dir: string;
let schemaFile: string;

const run = (...args: string[]): Promise<CliRun> => runWith(args, { DISCOVERY_URL: url, DISCOVERY_TOKEN: TOKEN });

beforeAll(async () => {
  server = new FakeYokoServer(TOKEN);
  url = await server.listen();
});
afterAll(async () => server.close());
beforeEach(() => {
  server.indexes.clear();
  server.requests.length = 0;
  server.unavailablePolls = 0;
  dir = mkdtempSync(join(tmpdir(), 'cli-'));
  schemaFile = join(dir, 'schema.graphql');
  writeFileSync(schemaFile, SDL);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function readyIndex(sdl = SDL): string {
  const id = server.idFor(sdl);
  server.indexes.set(id, { status: IndexStatus.READY, pollsLeft: 0, fails: false, symbolCount: 42 });
  return id;
}

describe('index', () => {
  it('ensures the index, waits until it is ready and prints its id and symbol count', async () => {
    const result = await run('index', schemaFile);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`${server.idFor(SDL)}  ready  42 symbols\n`);
    expect(server.requests.map((r) => r.method)).toEqual(['ensureIndex', 'getIndex', 'getIndex']);
  });

  it('--json prints the index; --no-wait returns while it builds', async () => {
    const json = JSON.parse((await run('index', schemaFile, '--json', '--no-wait')).stdout) as Record<string, unknown>;
    expect(json).toEqual({
      indexId: server.idFor(SDL),
      status: 'indexing',
      stale: false,
      symbolCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      indexedAt: null,
    });
  });

  it('reads the schema from standard input with -', async () => {
    const result = await runWith(['index', '-'], { DISCOVERY_URL: url, DISCOVERY_TOKEN: TOKEN }, SDL);
    expect(result.stdout).toContain(server.idFor(SDL));
  });

  it('keeps waiting through a few dropped polls', async () => {
    server.unavailablePolls = 3;
    const result = await run('index', schemaFile);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests.filter((r) => r.method === 'getIndex')).toHaveLength(5);
  });

  it('a failed build is exit code 6 with the reason', async () => {
    writeFileSync(schemaFile, 'type Query { FAIL: String }');
    const result = await run('index', schemaFile);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/failed to build: Syntax Error: Expected Name/);
  });

  it('waiting longer than --timeout is exit code 7', async () => {
    server.buildPolls = 1000;
    try {
      const result = await run('index', schemaFile, '--timeout', '1s');
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/still building after 1s/);
    } finally {
      server.buildPolls = 2;
    }
  });

  it.each([
    [['index', '/nonexistent/schema.graphql'], /cannot read the schema file \/nonexistent\/schema.graphql \(ENOENT\)/],
    [['index', 'EMPTY'], /is empty/],
    [['index', 'SCHEMA', '--timeout', 'soon'], /--timeout: expected a duration/],
    [['index'], /wrong number of arguments/],
    [['index', 'SCHEMA', '--bogus'], /Unknown option '--bogus'/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const empty = join(dir, 'empty.graphql');
    writeFileSync(empty, '  \n');
    const result = await run(...args.map((a) => (a === 'EMPTY' ? empty : a === 'SCHEMA' ? schemaFile : a)));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});

describe('search', () => {
  it('by index id: a table of hits, forwarding the filters', async () => {
    const id = readyIndex();
    const result = await run(
      'search',
      id,
      'all',
      'employees',
      '--limit',
      '5',
      '--kind',
      'field',
      '--kind',
      'object',
      '--root',
      'Query',
      '--parent',
      'object:Query',
      '--no-paginated',
    );
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^SCORE\s+COORDINATE\s+TYPE\s+DESCRIPTION$/);
    expect(result.stdout).toMatch(/1\.000\s+field:Query\.employees\s+\[Employee!\]!\s+List all employees\./);
    expect(server.requests.at(-1)).toEqual({
      method: 'searchSchema',
      request: { indexId: id, query: 'all employees', limit: 5, kinds: ['field', 'object'], roots: ['Query'], parent: 'object:Query', paginated: false },
    });
  });

  it('by schema file: indexes first, then prints decoded records as JSON', async () => {
    const result = await run('search', schemaFile, 'employees', '--json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { indexId: string; hits: { coordinate: string; record: unknown }[] };
    expect(json.indexId).toBe(server.idFor(SDL));
    expect(json.hits[0]).toEqual({ coordinate: 'object:Query', score: 1, record: { Coordinate: 'object:Query', Kind: 'object', Description: 'Root query.' } });
    expect(server.requests.map((r) => r.method)).toEqual(['ensureIndex', 'getIndex', 'getIndex', 'searchSchema']);
  });

  it('rejects a malformed index id and contradicting options', async () => {
    expect(await run('search', 'sha256:abc', 'x')).toMatchObject({ code: 2, stderr: expect.stringMatching(/not an index id/) });
    expect((await run('search', readyIndex(), 'x', '--paginated', '--no-paginated')).code).toBe(2);
    expect((await run('search', readyIndex(), 'x', '--limit', '0')).code).toBe(2);
  });
});

describe('symbols', () => {
  it('prints the records found; unknown coordinates are listed and exit 3', async () => {
    const id = readyIndex();
    const result = await run('symbols', id, 'enum:Mood', 'object:Nope');
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('enum:Mood\n  {\n    "Coordinate": "enum:Mood"');
    expect(result.stderr).toBe('Not in this index: object:Nope\n');
    expect((await run('symbols', id, 'enum:Mood')).code).toBe(0);
  });
});

describe('generate', () => {
  const document = 'query ListEmployees($first: Int = 10) { employees { id } }';
  beforeEach(() => {
    server.resolution = {
      queries: [
        {
          description: 'Lists every employee.',
          document,
          operationName: 'ListEmployees',
          operationType: 'query',
          variablesSchema: '{"type":"object","additionalProperties":false}',
        },
      ],
      unsatisfied: ['The schema has no salaries.'],
      truncated: false,
    };
  });

  it('prints the document with its description and the reasons it could not answer', async () => {
    const result = await run('generate', readyIndex(), 'list', 'employees', 'and', 'their', 'salaries');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('"""Lists every employee."""\nquery ListEmployees($first: Int = 10) {\n  employees {\n    id\n  }\n}\n');
    expect(result.stderr).toBe('Not answerable: The schema has no salaries.\n');
    expect(server.requests.at(-1)?.request).toMatchObject({ prompt: 'list employees and their salaries' });
  });

  it('--out writes <OperationName>.graphql and refuses to overwrite without --force', async () => {
    const out = join(dir, 'operations');
    const first = await run('generate', readyIndex(), 'employees', '--out', out, '--json');
    expect(first.code).toBe(0);
    const json = JSON.parse(first.stdout) as { files: string[]; queries: { variablesSchema: unknown }[] };
    expect(json.files).toEqual([join(out, 'ListEmployees.graphql')]);
    expect(json.queries[0]?.variablesSchema).toEqual({ type: 'object', additionalProperties: false });
    expect(readFileSync(join(out, 'ListEmployees.graphql'), 'utf8')).toMatch(/^"""Lists every employee\."""\nquery ListEmployees/);
    const again = await run('generate', readyIndex(), 'employees', '--out', out);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/ListEmployees.graphql exists already \(use --force to overwrite\)/);
    expect((await run('generate', readyIndex(), 'employees', '--out', out, '--force')).code).toBe(0);
  });

  it('says when the operation was composed without a language model, and carries it in --json', async () => {
    server.generateHeaders = { 'discovery-composed': 'no-model' };
    try {
      const result = await run('generate', readyIndex(), 'employees');
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('Composed without a language model (none is configured on the service)');
      const json = JSON.parse((await run('generate', readyIndex(), 'employees', '--json')).stdout) as { composed: string | null };
      expect(json.composed).toBe('no-model');
      server.generateHeaders = { 'discovery-composed': 'forged by someone' };
      const unknown = await run('generate', readyIndex(), 'employees');
      expect(unknown.stderr).not.toMatch(/Composed|forged/);
    } finally {
      server.generateHeaders = {};
    }
    const modelWritten = JSON.parse((await run('generate', readyIndex(), 'employees', '--json')).stdout) as { composed: string | null };
    expect(modelWritten.composed).toBeNull();
  });

  it('no operation at all is exit code 8', async () => {
    server.resolution = { queries: [], unsatisfied: ['Nothing in the schema is about weather.'], truncated: false };
    const result = await run('generate', readyIndex(), 'the weather');
    expect(result).toMatchObject({ code: 8, stdout: '' });
    expect(result.stderr).toContain('Not answerable: Nothing in the schema is about weather.');
  });
});

describe('indexes', () => {
  it('lists and deletes', async () => {
    const id = readyIndex();
    const list = await run('indexes');
    // A service without discovery.v1 ListIndexDetails: the names are left out (-).
    expect(list.stdout).toMatch(new RegExp(`^NAME\\s+INDEX\\s+STATUS\\s+SYMBOLS\\s+INDEXED\\s+ERROR\\n-\\s+${id}\\s+ready\\s+42\\s+2026-01-01T00:00:05.000Z`));
    expect(await run('indexes', 'delete', id)).toMatchObject({ code: 0, stdout: `deleted ${id}\n` });
    expect(JSON.parse((await run('indexes', 'list', '--json')).stdout)).toEqual({ indexes: [] });
    expect((await run('indexes', 'delete', id)).code).toBe(3);
    expect((await run('indexes', 'delete', 'abc')).code).toBe(2);
    expect((await run('indexes', 'prune')).code).toBe(2);
  });
});

describe('token', () => {
  it('prints a new token and the DISCOVERY_TOKENS entry holding its hash', async () => {
    const result = await runWith(['token', '--tenant', 'router', '--scopes', 'read,generate', '--json'], {});
    const json = JSON.parse(result.stdout) as { token: string; sha256: string; entry: string; scopes: string[] };
    expect(json.token).toMatch(/^sd_[A-Za-z0-9_-]{43}$/);
    expect(json.sha256).toBe(createHash('sha256').update(json.token).digest('hex'));
    expect(json.entry).toBe(`router:sha256:${json.sha256}:read+generate`);
    const human = await runWith(['token'], {});
    expect(human.stdout).toMatch(/^Token .*\n {2}sd_\S+\nDISCOVERY_TOKENS entry .*\n {2}default:sha256:[0-9a-f]{64}\n$/);
  });

  it.each([[['--tenant', 'no spaces']], [['--scopes', 'read,admin']]])('rejects %j', async (args) => {
    expect((await runWith(['token', ...args], {})).code).toBe(2);
  });
});

describe('errors', () => {
  it('a wrong token is exit code 4', async () => {
    const result = await runWith(['indexes'], { DISCOVERY_URL: url, DISCOVERY_TOKEN: 'sd_wrong-token-000000000' });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/rejected the token .*set DISCOVERY_TOKEN/);
    expect(result.stderr).not.toContain('sd_wrong');
  });

  it('DISCOVERY_TOKEN_FILE is read; setting both is a configuration error (exit 78)', async () => {
    const file = join(dir, 'token');
    writeFileSync(file, `${TOKEN}\n`);
    expect((await runWith(['indexes'], { DISCOVERY_URL: url, DISCOVERY_TOKEN_FILE: file })).code).toBe(0);
    expect((await runWith(['indexes'], { DISCOVERY_URL: url, DISCOVERY_TOKEN_FILE: file, DISCOVERY_TOKEN: TOKEN })).code).toBe(78);
  });

  it('an unreachable service is exit code 5', async () => {
    const result = await runWith(['indexes', '--url', 'http://127.0.0.1:1'], { DISCOVERY_TOKEN: TOKEN });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/cannot reach the discovery service at http:\/\/127\.0\.0\.1:1/);
  });

  it('an unknown index is exit code 3; with --json the error is JSON on stderr', async () => {
    const result = await run('symbols', `sha256:${'a'.repeat(64)}`, 'enum:Mood', '--json');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'not_found', exitCode: 3 } });
  });

  it("--help and --version answer without a service; serve --help shows serve's usage without starting it", async () => {
    expect(await runWith(['--version'], {})).toMatchObject({ code: 0, stdout: '0.1.0\n' });
    const help = await runWith(['search', '--help'], {});
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: discovery search <index-id \| schema\.graphql> <topic\.\.\.>/);
    const serve = await runWith(['serve', '--help'], {});
    expect(serve).toMatchObject({ code: 0, stderr: '' });
    expect(serve.stdout).toMatch(/^Usage: discovery serve/);
  });

  it('an invalid DISCOVERY_URL is a configuration error (78); an unknown command and no command are usage errors', async () => {
    expect(await runWith(['indexes'], { DISCOVERY_URL: 'ftp://x' })).toMatchObject({
      code: 78,
      stderr: expect.stringMatching(/^discovery: DISCOVERY_URL: /),
    });
    expect(await runWith(['indexes', '--url', 'ftp://x', '--json'], {})).toMatchObject({
      code: 78,
      stderr: expect.stringContaining('"code":"invalid_config"'),
    });
    expect((await run('reindex')).code).toBe(2);
    const bare = await runWith([], {});
    expect(bare.code).toBe(2);
    expect(bare.stdout).toContain('Exit codes:');
  });
});
