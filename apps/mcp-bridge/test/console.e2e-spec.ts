/**
 * The web console in a real browser (Debian's Chromium driven by playwright-core), against `serve`
 * as `npm start` runs it (in memory, no model: the composer) and against the indexer (token auth,
 * real Redis): the index list with a ready and a failed schema and its reason, a search with its
 * hits, a record, a slice at two budgets, a composed operation, the demand report, a narrow
 * window, the keyboard, "save as tool" into the operations folder, no console errors, and no serious or critical axe-core violation.
 * UPDATE_SCREENSHOTS=1 writes the screenshots of docs/console/. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateToken, tokenEntry } from '@discovery/auth';
import { INDEX_LABEL_HEADER } from '@discovery/proto';
import { discoveryApiClient, freePort, yokoClient } from '@discovery/testing';
import { launchChromium, seriousAxeViolations, type TestBrowser } from '@discovery/testing/browser';
import type { Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, startService, type RunningService } from '../../../test/deploy/service-process.js';
import { ROOT, startRealIndexer, type RealIndexer } from './real-indexer.js';

const SHOTS = process.env['UPDATE_SCREENSHOTS'] === '1' ? join(ROOT, 'docs/console') : mkdtempSync(join(tmpdir(), 'console-shots-'));
const COSMO = join(ROOT, 'test/fixtures/schemas/cosmo-demo.graphql');
const OPERATIONS = mkdtempSync(join(tmpdir(), 'console-operations-'));
const BROKEN = 'type Query {\n  employees: [Employee!]!\n}\n\ntype Employee {\n  id: ID!\n  name String\n}\n';
const token = generateToken();
let browser: TestBrowser;
let serve: RunningService;
let base: string;
let signInUrl: string;
let page: Page;

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function tab(name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

async function noSeriousViolations(view: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect({ view, violations }).toEqual({ view, violations: [] });
}

beforeAll(async () => {
  assertBuilt(ROOT, 'serve');
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // A token of the local tenant (`default`), to add a broken schema beside serve's own.
  serve = startService(
    ROOT,
    'serve',
    {
      LOG_LEVEL: 'warn',
      PORT: String(port),
      EMBEDDINGS_PROVIDER: 'none',
      SHUTDOWN_GRACE: '5s',
      DISCOVERY_TOKENS: tokenEntry('default', token),
      // "Save as tool" writes here; operation tools run against the endpoint (none answers: no tool is called).
      MCP_OPERATIONS_DIR: OPERATIONS,
      GRAPHQL_ENDPOINT: 'http://127.0.0.1:9/graphql',
    },
    ['--schema', COSMO],
  );
  await serve.waitForHttp(`${base}/readyz`, 90_000);
  signInUrl = /Console \(signs you in once\): +(\S+)/.exec(serve.output())![1]!;
  await yokoClient(base, token).ensureIndex({ sdl: BROKEN }, { headers: { [INDEX_LABEL_HEADER]: encodeURIComponent('/schemas/broken.graphql') } });
  browser = await launchChromium();
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (process.env['UPDATE_SCREENSHOTS'] !== '1') rmSync(SHOTS, { recursive: true, force: true });
  rmSync(OPERATIONS, { recursive: true, force: true });
}, 60_000);

describe('the console of serve', () => {
  it('signs the local user in by the printed link and lists a ready and a failed index with its reason', async () => {
    expect(signInUrl).toMatch(new RegExp(`^${base}/console/#sign-in=[\\w-]{40,}$`));
    await page.goto(signInUrl);
    const ready = page.getByRole('listitem').filter({ hasText: 'cosmo-demo.graphql' });
    await ready.getByText('ready', { exact: true }).waitFor();
    const failed = page.getByRole('listitem').filter({ hasText: 'broken.graphql' });
    await failed.getByText('failed', { exact: true }).waitFor();
    const reason = failed.getByRole('group', { name: 'Why it failed' });
    expect(await reason.innerText()).toMatch(/The schema is wrong at line 7, column 8:\s+Syntax Error: Expected ":", found Name "String"/);
    expect(page.url()).toBe(`${base}/console/`);
    await shot('indexes');
    await noSeriousViolations('indexes');
  }, 60_000);

  it('searches, and a click on a coordinate opens its record', async () => {
    await tab('Search');
    await page.getByRole('searchbox', { name: 'Query' }).fill('employees');
    await page.getByRole('checkbox', { name: 'field', exact: true }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const hit = page.getByRole('button', { name: 'field:Query.employees', exact: true });
    await hit.waitFor();
    expect(await page.getByRole('status').innerText()).toMatch(/^\d+ hits, best first\.$/);
    await shot('search');
    await noSeriousViolations('search');
    await hit.click();
    const record = page.getByRole('complementary', { name: 'Record of field:Query.employees' });
    await record.getByText('"Coordinate": "field:Query.employees"').waitFor();
    await shot('record');
  }, 60_000);

  it('slices a topic at two budgets with the exact token count', async () => {
    await tab('Slice');
    const api = discoveryApiClient(base, token);
    const indexId = (await yokoClient(base, token).listIndexes({})).indexes.find((i) => i.status === 2)!.indexId;
    const sizes: number[] = [];
    for (const budget of [400, 4000]) {
      await page.getByRole('searchbox', { name: 'Topic' }).fill('employees and their current mood');
      await page.getByRole('spinbutton', { name: 'Tokens' }).fill(String(budget));
      await page.getByRole('button', { name: 'Slice', exact: true }).click();
      const exact = (await api.getSchemaSlice({ indexId, query: 'employees and their current mood', maxTokens: budget })).tokens;
      await page
        .getByRole('status')
        .getByText(`${exact.toLocaleString('en-US')} tokens`)
        .waitFor();
      expect(await page.getByRole('status').innerText()).toContain(`of a budget of ${budget.toLocaleString('en-US')}`);
      expect(exact).toBeLessThanOrEqual(budget);
      sizes.push(exact);
    }
    expect(sizes[1]).toBeGreaterThan(sizes[0]!);
    expect(await page.getByLabel('Slice SDL').innerText()).toContain('currentMood');
    await shot('slice');
    await noSeriousViolations('slice');
  }, 60_000);

  it('generates a composed operation, and shows what the schema lacks', async () => {
    await tab('Generate');
    await page.getByRole('textbox', { name: 'Request' }).fill('the names of all employees');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const operation = page.getByRole('article').first();
    await operation.waitFor();
    expect(await page.getByRole('status').first().innerText()).toContain('Made by the composer (no language model configured)');
    expect(await operation.innerText()).toMatch(/query \w+[\s\S]*employees[\s\S]*Variables schema/);
    await shot('generate');
    await noSeriousViolations('generate');
    await operation.getByRole('button', { name: 'Save as tool' }).click();
    const saved = await operation.getByText(/^Saved as /).innerText();
    const file = /^Saved as (\S+\.graphql):/.exec(saved)![1]!;
    expect(file.startsWith(OPERATIONS)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/query \w+[\s\S]*employees/);
    await page.getByRole('textbox', { name: 'Request' }).fill('the invoices and salaries of all employees');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('heading', { name: 'Unsatisfied' }).waitFor();
  }, 60_000);

  it('shows the demand report, most asked and over time', async () => {
    await tab('Demand');
    const table = page.getByRole('table', { name: 'Most asked' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('figure').getByText(today).waitFor();
    await shot('demand');
    await noSeriousViolations('demand');
  }, 60_000);

  it('works from the keyboard and in a narrow window, with live figures', async () => {
    await page.getByRole('tab', { name: 'Demand' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Generate' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Generate');
    const figures = page.getByRole('definition');
    await figures.first().waitFor();
    expect(await page.getByText('Searches').isVisible()).toBe(true);
    await page.setViewportSize({ width: 380, height: 800 });
    await tab('Indexes');
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await shot('narrow');
    await noSeriousViolations('narrow');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('takes the sign-in link once; a second use asks for a token', async () => {
    const other = await browser.newPage();
    await other.goto(signInUrl);
    await other.getByRole('alert').getByText('used already').waitFor();
    expect(await other.getByLabel('Token').isVisible()).toBe(true);
    await other.close();
    // The refused exchange is the one error this page may log.
    expect(browser.errors.splice(0)).toEqual(['console: Failed to load resource: the server responded with a status of 403 (Forbidden)']);
  }, 30_000);

  it('deletes an index', async () => {
    await tab('Indexes');
    const failed = page.getByRole('listitem').filter({ hasText: 'broken.graphql' });
    await failed.getByRole('button', { name: 'Delete…' }).click();
    await failed.getByRole('button', { name: /^Delete broken\.graphql now$/ }).click();
    await page.getByRole('listitem').filter({ hasText: 'broken.graphql' }).waitFor({ state: 'detached' });
  }, 30_000);

  it('logged no error in the browser', () => {
    expect(browser.errors).toEqual([]);
  });
});

describe('the console of the indexer', () => {
  let indexer: RealIndexer;

  beforeAll(async () => {
    indexer = await startRealIndexer('console-e2e');
  }, 90_000);

  afterAll(async () => {
    await indexer?.stop();
  }, 60_000);

  it("asks for a token, keeps it in the tab only, and lists that tenant's indexes", async () => {
    await indexer.operator.ensureIndex({ sdl: 'type Query { hello: String }' }, { headers: { [INDEX_LABEL_HEADER]: encodeURIComponent('hello.graphql') } });
    const tab = await browser.newPage();
    await tab.goto(`${indexer.url}/console`);
    await tab.getByLabel('Token').fill(indexer.token);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('heading', { name: 'hello.graphql' }).waitFor();
    expect(await tab.evaluate('Object.values(sessionStorage)')).toContain(indexer.token);
    expect(await tab.evaluate('document.cookie')).toBe('');
    await tab.close();
    expect(browser.errors).toEqual([]);
  }, 60_000);
});
