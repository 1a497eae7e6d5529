/**
 * A real browser for the tests of pages: Debian's Chromium (`apt-get install -y chromium`; no
 * browser download, the registry's builds are not reachable) driven by playwright-core, headless,
 * with no background networking and a fresh profile that is removed on close; and the
 * accessibility check (axe-core, injected into the page).
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';

export interface TestBrowser {
  context: BrowserContext;
  /** Everything the pages logged as errors, and uncaught exceptions. */
  errors: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(options: { width?: number; height?: number } = {}): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; .ci/run does)`);
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    // axe-core is injected as a script; the pages' own CSP allows only theirs.
    bypassCSP: true,
  });
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => void (message.type() === 'error' && errors.push(`console: ${message.text()}`)));
    page.on('pageerror', (error) => void errors.push(`page error: ${error.message}`));
  };
  context.on('page', watch);
  return {
    context,
    errors,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}
