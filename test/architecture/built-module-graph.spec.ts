/**
 * The built services' module graphs (what Node loads when their entry module is imported),
 * read with a resolve hook: the indexer loads no language model client (`openai`), and neither
 * do the generator and `serve` until a model is configured (generation loads it dynamically when
 * LLM_MODEL is set), and `serve` loads no Redis client before it has a Redis URL
 * (docs/performance.md "Idle memory and start"). Needs `npm run build`.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Imports `main` in a fresh Node with a resolve hook and returns every module URL it loaded. */
function loadedModules(main: string): string[] {
  const path = `${root}${main}`;
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  const probe = `
    import { registerHooks } from 'node:module';
    const urls = new Set();
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); urls.add(r.url); return r; } });
    await import(${JSON.stringify(path)});
    process.stdout.write(JSON.stringify([...urls]));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`probe failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

const modelClient = (urls: string[]) => urls.filter((url) => url.includes('/node_modules/openai/'));
const redisClients = (urls: string[]) => urls.filter((url) => /\/node_modules\/(bullmq|ioredis)\//.test(url));

describe('built module graphs', () => {
  it('the indexer loads no language model client', () => {
    const urls = loadedModules('apps/indexer/dist/main.js');
    expect(urls.length).toBeGreaterThan(100);
    expect(modelClient(urls)).toEqual([]);
  }, 60_000);

  it('the generator and serve load it only once a model is configured', () => {
    expect(modelClient(loadedModules('apps/generator/dist/main.js'))).toEqual([]);
    expect(modelClient(loadedModules('libs/nest-modules/dist/serve/index.js'))).toEqual([]);
  }, 60_000);

  it('serve loads neither BullMQ nor ioredis until it is given a Redis URL (openStorage loads them)', () => {
    expect(redisClients(loadedModules('libs/nest-modules/dist/serve/index.js'))).toEqual([]);
    expect(redisClients(loadedModules('libs/storage/dist/redis/index.js')).length).toBeGreaterThan(0);
  }, 60_000);

  it('the entry that makes the model client does (the probe sees it)', () => {
    expect(modelClient(loadedModules('libs/generation/dist/openai/index.js')).length).toBeGreaterThan(0);
  }, 60_000);
});
