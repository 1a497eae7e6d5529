/**
 * docker-compose.yml: parsed and interpolated as Compose would, then checked
 * for what the services need: each runs the image with its service argument,
 * sets only variables of its configuration schema, and the configuration it
 * would see loads; health checks hit /readyz on the configured port; start
 * order waits for health; required .env values fail with a clear message.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { bridgeVars, generatorVars, indexerVars, loadBridgeConfig, loadGeneratorConfig, loadIndexerConfig } from '@discovery/config';
import { interpolate, interpolateString, type Lookup } from './compose-interpolate.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schemaFixture = join(root, 'test/fixtures/schemas/cosmo-demo.graphql');
const dotEnv: Lookup = {
  DISCOVERY_TOKENS: 'default:sha256:3333333333333333333333333333333333333333333333333333333333333333',
  DISCOVERY_TOKEN: 'sd_example-token-for-the-bridge',
  DISCOVERY_SCHEMA: schemaFixture,
};

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: Array<{ type: string; source: string; target: string; read_only?: boolean }>;
  ports?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const SERVICES = {
  indexer: { vars: indexerVars, load: loadIndexerConfig, portVar: 'PORT' },
  generator: { vars: generatorVars, load: loadGeneratorConfig, portVar: 'METRICS_PORT' },
  bridge: { vars: bridgeVars, load: loadBridgeConfig, portVar: 'PORT' },
} as const;
type ServiceKey = keyof typeof SERVICES;

let text: string;
let compose: ComposeFile;

function load(vars: Lookup): ComposeFile {
  return interpolate(parse(text, { merge: true }) as ComposeFile, vars);
}

/** The container environment: null values are passed through from .env when set there, else unset. */
function environmentOf(service: ComposeService, vars: Lookup): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(service.environment ?? {})) {
    const resolved = value ?? vars[name];
    if (resolved !== undefined) env[name] = resolved;
  }
  return env;
}

beforeAll(() => {
  text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  compose = load(dotEnv);
});

describe('docker-compose.yml', () => {
  it('runs Redis and the three services, all services from the one image', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bridge', 'generator', 'indexer', 'redis']);
    const images = new Set((['indexer', 'generator', 'bridge'] as const).map((name) => compose.services[name]!.image));
    expect([...images]).toEqual(['schema-discovery:local']);
    expect(compose.services['indexer']!.build).toBe('.');
    expect(compose.services['redis']!.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it.each(Object.keys(SERVICES) as ServiceKey[])('%s: runs its service, sets only known variables, and its configuration loads', (name) => {
    const service = compose.services[name]!;
    expect(service.command).toEqual([name]);
    const known = new Set(Object.values(SERVICES[name].vars).flatMap((v) => (v.secret ? [v.name, `${v.name}_FILE`] : [v.name])));
    expect(Object.keys(service.environment ?? {}).filter((key) => !known.has(key))).toEqual([]);
    const env = environmentOf(service, dotEnv);
    for (const volume of service.volumes ?? []) {
      for (const [key, value] of Object.entries(env)) if (value === volume.target) env[key] = volume.source;
    }
    expect(() => SERVICES[name].load(env)).not.toThrow();
  });

  it.each(Object.keys(SERVICES) as ServiceKey[])('%s: health check asks /readyz on the port it listens on', (name) => {
    const service = compose.services[name]!;
    const port = environmentOf(service, dotEnv)[SERVICES[name].portVar];
    expect(port).toMatch(/^[0-9]+$/);
    expect(service.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
  });

  it('starts services after what they need is healthy and wires them by service name', () => {
    expect(compose.services['indexer']!.depends_on).toEqual({ redis: { condition: 'service_healthy' } });
    expect(compose.services['generator']!.depends_on).toEqual({ redis: { condition: 'service_healthy' } });
    expect(compose.services['bridge']!.depends_on).toEqual({ indexer: { condition: 'service_healthy' } });
    for (const name of ['indexer', 'generator'] as const) {
      expect(compose.services[name]!.environment?.['REDIS_URL']).toBe('redis://redis:6379');
    }
    const indexerPort = compose.services['indexer']!.environment?.['PORT'];
    expect(compose.services['bridge']!.environment?.['DISCOVERY_URL']).toBe(`http://indexer:${indexerPort}`);
  });

  it('publishes ports on the loopback interface only', () => {
    const published = Object.values(compose.services).flatMap((s) => s.ports ?? []);
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('mounts the schema read-only and refuses to create a missing host path', () => {
    expect(compose.services['bridge']!.volumes).toEqual([
      { type: 'bind', source: schemaFixture, target: '/schema/schema.graphql', read_only: true, bind: { create_host_path: false } },
    ]);
  });

  it.each(['DISCOVERY_TOKENS', 'DISCOVERY_TOKEN', 'DISCOVERY_SCHEMA'])('without %s in .env, compose stops with a message naming it', (name) => {
    const vars = { ...dotEnv, [name]: undefined };
    expect(() => load(vars)).toThrow(new RegExp(`required variable ${name} is missing a value: set ${name} in \\.env`));
  });
});

describe('compose interpolation', () => {
  it.each([
    ['${A}', { A: 'x' }, 'x'],
    ['${A:-d}', {}, 'd'],
    ['${A:-d}', { A: '' }, 'd'],
    ['${A-d}', { A: '' }, ''],
    ['${A:+y}', { A: 'x' }, 'y'],
    ['$A/$B', { A: 'a', B: 'b' }, 'a/b'],
    ['cost: $$5', {}, 'cost: $5'],
    ['${A:-${B}}', { B: 'nested' }, 'nested'],
  ] as const)('%s with %j is %s', (input, vars, expected) => {
    expect(interpolateString(input, vars)).toBe(expected);
  });

  it.each(['${A', '${1A}', '$ x', '${A!x}'])('rejects %s', (input) => {
    expect(() => interpolateString(input, { A: 'x' })).toThrow();
  });
});
