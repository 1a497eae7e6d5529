/**
 * `npm run test:image`: the real Dockerfile, built and run (issue 16). Builds a local base
 * (debootstrap minbase + the project's Node 24) and the image with `podman build --isolation
 * chroot` (build-image.sh), mounts it and runs its entrypoint under chroot as the image's user:
 * `indexer` against the local Redis (own key prefix) answers /healthz and a SearchSchema, `bridge`
 * in front of it answers an MCP tools/list, `serve` answers /healthz and says Ready. Checks what
 * the image holds (non-root, no dev dependencies, source maps or tests) and that compose and k8s
 * use commands its entrypoint knows. Prints the image size and each start time.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateToken, tokenEntry } from '@discovery/auth';
import { IndexStatus } from '@discovery/proto';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, uniquePrefix, yokoClient, testRedisEnv } from '@discovery/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import type { RunningService } from '../deploy/service-process.js';
import { ImageRoot } from './image-root.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMA = 'countries.graphql';
const figures: string[] = [];
let image: ImageRoot;
const running: RunningService[] = [];

/** Starts a service from the image and measures the time to its first 200 on `path`. */
async function startTimed(name: string, args: string[], env: Record<string, string>, url: string): Promise<RunningService> {
  const started = performance.now();
  const service = image.start(args, { LOG_LEVEL: 'warn', ...env });
  running.push(service);
  await service.waitForHttp(url, 120_000);
  figures.push(`${name}: ${url.replace(/^http:\/\/[^/]+/, '')} answered ${((performance.now() - started) / 1000).toFixed(1)} s after start`);
  return service;
}

beforeAll(() => {
  const tag = execFileSync('sh', [join(ROOT, 'test/image/build-image.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .pop()!;
  image = ImageRoot.mount(tag);
  copyFileSync(join(ROOT, 'test/fixtures/schemas', SCHEMA), join(image.tmp, SCHEMA));
  figures.push(`image ${tag}: ${(image.config.sizeBytes / 1e6).toFixed(0)} MB`);
}, 3_600_000);

afterAll(async () => {
  for (const service of running.reverse()) await service.stop();
  image?.close();
  process.stdout.write(`\nimage figures (noisy: shared machine):\n  ${figures.join('\n  ')}\n`);
});

describe('what the image holds', () => {
  it('runs as a non-root user', () => {
    expect(image.config.user).toBe('node');
    expect(image.ids(image.config.user).uid).not.toBe(0);
  });

  it('holds no dev dependencies, source maps or tests', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const modules = join(image.path, 'app/node_modules');
    const present = Object.keys(manifest.devDependencies).filter((name) => existsSync(join(modules, name)));
    expect(present).toEqual([]);
    const ours = (dir: string): string[] => readdirSync(join(image.path, 'app', dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`);
    const files = [...ours('apps'), ...ours('libs')];
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // Manifests stay (npm ci needs every workspace's package.json); no test code does.
    const code = files.filter((f) => !f.endsWith('/package.json'));
    expect(code.filter((f) => /(\.|-)spec\.js$|\/test\/|\/testing\//.test(f) || f.startsWith('libs/testing/'))).toEqual([]);
    expect(existsSync(join(image.path, 'app/test'))).toBe(false);
  });

  it('is started by commands its entrypoint knows, in docker-compose.yml and k8s/', () => {
    const entrypoint = readFileSync(join(image.path, image.config.entrypoint[0]!), 'utf8');
    const known = [...entrypoint.matchAll(/^\s+([a-z]+)\)\s+exec node "\$app_root\/([^"]+)"/gm)].map(([, name, main]) => {
      expect(existsSync(join(image.path, 'app', main!))).toBe(true);
      return name!;
    });
    expect(known).toEqual(expect.arrayContaining(['indexer', 'generator', 'bridge', 'serve', 'discovery']));
    const compose = parseYaml(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[]; build?: unknown; image?: string }>;
    };
    const composeCommands = Object.values(compose.services)
      .filter((s) => s.build !== undefined)
      .map((s) => s.command?.[0]);
    expect(composeCommands.length).toBeGreaterThanOrEqual(3);
    for (const command of composeCommands) expect(known).toContain(command);
    const k8sArgs = readdirSync(join(ROOT, 'k8s/base'))
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => parseAllDocuments(readFileSync(join(ROOT, 'k8s/base', f), 'utf8')).map((d) => d.toJS() as Record<string, unknown>))
      .filter((doc) => doc?.['kind'] === 'Deployment')
      .flatMap((doc) =>
        (doc as { spec: { template: { spec: { containers: Array<{ args?: string[] }> } } } }).spec.template.spec.containers.map((c) => c.args?.[0]),
      );
    expect(k8sArgs.length).toBeGreaterThanOrEqual(3);
    for (const command of k8sArgs) expect(known).toContain(command);
  });
});

describe('the services, run from the image', () => {
  const token = generateToken();
  const prefix = uniquePrefix('image');
  let indexerUrl: string;

  afterAll(async () => {
    const redis = createTestRedis();
    await deleteKeysByPrefix(redis, prefix);
    await closeTestRedis(redis);
  });

  it('indexer: /healthz, then EnsureIndex and a SearchSchema on the local Redis', async () => {
    const port = await freePort();
    indexerUrl = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', ...testRedisEnv(), REDIS_KEY_PREFIX: prefix, DISCOVERY_TOKENS: tokenEntry('image', token) };
    await startTimed('indexer', ['indexer'], env, `${indexerUrl}/healthz`);
    const client = yokoClient(indexerUrl, token);
    const sdl = readFileSync(join(ROOT, 'test/fixtures/schemas', SCHEMA), 'utf8');
    const { index } = await client.ensureIndex({ sdl });
    const deadline = Date.now() + 120_000;
    let status = index?.status;
    while (status !== IndexStatus.READY && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await client.getIndex({ indexId: index!.indexId })).index?.status;
    }
    expect(status).toBe(IndexStatus.READY);
    const { hits } = await client.searchSchema({ indexId: index!.indexId, query: 'country capital', limit: 5 });
    expect(hits.map((h) => h.coordinate)).toContain('field:Country.capital');
  });

  it('bridge: /healthz and an MCP tools/list, in front of the indexer', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', DISCOVERY_URL: indexerUrl, DISCOVERY_TOKEN: token };
    await startTimed('bridge', ['bridge', '--schema', `/tmp/${SCHEMA}`], env, `${url}/healthz`);
    const client = new Client({ name: 'image-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_schema', 'get_symbols', 'generate_query']));
    } finally {
      await client.close();
    }
  });

  it('serve: /healthz, then the Ready: line', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const serve = await startTimed('serve', ['serve', '--schema', `/tmp/${SCHEMA}`], { PORT: String(port), HOST: '127.0.0.1' }, `${url}/healthz`);
    const deadline = Date.now() + 120_000;
    while (!/^Ready: /m.test(serve.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(serve.output()).toMatch(/^Ready: schema indexed \([\d,]+ symbols\)/m);
    figures.push(`serve: Ready: line ${((performance.now() - started) / 1000).toFixed(1)} s after start (${serve.output().match(/^Ready: .*$/m)?.[0]})`);
  });
});
