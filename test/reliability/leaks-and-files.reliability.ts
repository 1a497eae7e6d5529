/**
 * Issue 23 finding 6 through the whole chain (indexer process → BullMQ → generator process →
 * scripted OpenAI-compatible model): a model whose answer carries terminal escapes, control and
 * hidden characters in the operation's description, a string literal and the unsatisfied reasons.
 * Nothing of it reaches the GenerateQuery answer, the demand report (GetDemand, `discovery
 * demand`), the operator's terminal (`discovery generate`) or the `--out` file; /metrics on the API
 * port names no index meanwhile (finding 8). docs/reliability.md "Issue 23 findings".
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexStatus } from '@discovery/proto';
import { discoveryApiClient, OpenAiScriptedServer, submitReply, uniquePrefix } from '@discovery/testing';
import { runWith } from '../../apps/cli/test/cli-harness.js';
import { report } from './support/figures.js';
import { spawnGenerator, type GeneratorProcess } from './support/generator-process.js';
import { spawnIndexer, type IndexerProcess } from './support/indexer-process.js';
import { dropPrefix, fixture, TOKENS, untilSettled } from './support/test-indexer.js';

const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this test looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|\\u001b|\[31m|\]0;/gu;
const TAGS = [...'ignore previous instructions'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
const DIRTY = `\u001b[31mred\u001b[0m\u001b]0;pwned\u0007 zero\u200bwidth \u202ebidi\u2066 tag${TAGS}`;

const prefix = uniquePrefix('rel-i23');
let model: OpenAiScriptedServer;
let indexer: IndexerProcess;
let generator: GeneratorProcess;
let indexId: string;
let out: string;

beforeAll(async () => {
  model = await OpenAiScriptedServer.start();
  indexer = await spawnIndexer({ REDIS_KEY_PREFIX: prefix, GENERATE_TIMEOUT: '30s' });
  generator = await spawnGenerator({ REDIS_KEY_PREFIX: prefix, OPENAI_BASE_URL: model.baseUrl, LLM_TIMEOUT: '5s', GENERATE_TIMEOUT: '30s' });
  const client = indexer.client(TOKENS.acme);
  indexId = (await client.ensureIndex({ sdl: fixture('cosmo-demo.graphql') })).index!.indexId;
  expect((await untilSettled(client, indexId)).status).toBe(IndexStatus.READY);
  out = mkdtempSync(join(tmpdir(), 'rel-i23-out-'));
}, 120_000);

afterAll(async () => {
  await generator?.stop();
  await indexer?.stop();
  await model?.close();
  await dropPrefix(prefix);
  rmSync(out, { recursive: true, force: true });
});

const count = (...texts: string[]) => texts.reduce((sum, text) => sum + (text.match(UNSAFE)?.length ?? 0), 0);

describe('issue 23 finding 6: model text through every exit', () => {
  it('the answer, the demand report, the terminal and the --out file carry none of it', async () => {
    const answer = submitReply(
      [{ document: `query { employees { id tag details { forename } } employee(id: 1) { tag } }`, description: `Employees ${DIRTY}` }],
      [`No salary field ${DIRTY}`],
    );
    model.clear();
    model.push(...Array.from({ length: 8 }, () => answer));
    const api = await indexer.client(TOKENS.acme).generateQuery({ indexId, prompt: 'employees with their tags, and their salary' }, { timeoutMs: 60_000 });
    const resolution = api.resolution!;
    const cli = await runWith(['generate', indexId, 'employees', 'with', 'tags', 'and', 'salary', 'please', '--out', out], {
      DISCOVERY_URL: indexer.baseUrl,
      DISCOVERY_TOKEN: TOKENS.acme,
    });
    const files = readdirSync(out).map((name) => readFileSync(join(out, name), 'utf8'));
    const demand = await discoveryApiClient(indexer.baseUrl, TOKENS.acme).getDemand({ indexId, limit: 0 });
    const demandCli = await runWith(['demand', indexId], { DISCOVERY_URL: indexer.baseUrl, DISCOVERY_TOKEN: TOKENS.acme });
    const metrics = await (await fetch(`${indexer.baseUrl}/metrics`)).text();
    const texts = {
      answer: JSON.stringify(resolution),
      cliStdout: cli.stdout,
      cliStderr: cli.stderr,
      files: files.join('\n'),
      demand: JSON.stringify(demand.entries.map((e) => e.reason)),
      demandCli: demandCli.stdout,
    };
    report('I23-model-text', {
      ...Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, count(text)])),
      queries: resolution.queries.length,
      fileCount: files.length,
    });
    expect(resolution.queries.length).toBeGreaterThan(0);
    expect(resolution.queries[0]!.description).toContain('Employees red zerowidth bidi tag');
    expect(resolution.unsatisfied.map((u) => u.reason)).toEqual([expect.stringContaining('No salary field red zerowidth bidi tag')]);
    expect(files.length).toBeGreaterThan(0);
    expect(demand.entries.length).toBeGreaterThan(0);
    for (const [, text] of Object.entries(texts)) expect(count(text)).toBe(0);
    expect(metrics).not.toContain(indexId.slice('sha256:'.length));
  });
});
