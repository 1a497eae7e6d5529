/**
 * `npm run test:cluster`: the storage suites, the indexer e2e specs and the cluster-only specs
 * (`*.cluster-spec.ts`) against a private 3-master Redis Cluster on loopback. Starts three
 * `redis-server --cluster-enabled yes` on free ports (client and bus ports both picked free, so
 * nothing else on the machine is touched, the shared 6379 included), joins them with
 * `redis-cli --cluster create --cluster-replicas 0`, waits for `cluster_state:ok` on every node,
 * runs jest (test/cluster/jest.config.js) with TEST_REDIS_URL listing the three nodes, then stops
 * the nodes and removes their folder. Extra arguments go to jest (for example a path filter).
 * `--keep` leaves the cluster running and prints its TEST_REDIS_URL instead of running jest.
 * Run by Node 24 directly (type stripping): no imports of the project. docs/development.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const MASTERS = 3;

function freePort(taken: Set<number>): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address !== 'object' || !address) return reject(new Error('no port'));
        if (taken.has(address.port)) return resolve(freePort(taken));
        taken.add(address.port);
        resolve(address.port);
      });
    });
  });
}

function redisCli(port: number, ...args: string[]): string {
  const run = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' });
  return `${run.stdout ?? ''}${run.stderr ?? ''}`;
}

async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`test-cluster: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the nodes and makes them one cluster; returns their ports and a stop function. */
async function startCluster(): Promise<{ ports: number[]; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'sd-redis-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  const nodes: ChildProcess[] = [];
  const stop = (): void => {
    for (const node of nodes) if (node.exitCode === null) node.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < MASTERS; i++) {
      const port = await freePort(taken);
      const busPort = await freePort(taken);
      ports.push(port);
      const args = [
        '--port',
        String(port),
        '--cluster-port',
        String(busPort),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        '5000',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'yes',
      ];
      nodes.push(spawn('redis-server', args, { stdio: 'ignore' }));
    }
    for (const port of ports) await until(`redis-server on ${port}`, () => redisCli(port, 'PING').trim() === 'PONG');
    const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], {
      encoding: 'utf8',
    });
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`);
    for (const port of ports) await until(`cluster_state:ok on ${port}`, () => /cluster_state:ok/.test(redisCli(port, 'CLUSTER', 'INFO')));
    return { ports, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

const args = process.argv.slice(2);
const started = Date.now();
const cluster = await startCluster();
const url = cluster.ports.map((port) => `redis://127.0.0.1:${port}`).join(',');
console.log(`test-cluster: ${MASTERS} masters up in ${Date.now() - started} ms: TEST_REDIS_URL=${url}`);
if (args.includes('--keep')) {
  console.log('test-cluster: --keep: the cluster stays up; stop it with Ctrl-C');
  const onSignal = (): void => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  setInterval(() => undefined, 60_000);
} else {
  const jest = join(root, 'node_modules/.bin/jest');
  const run = spawnSync(jest, ['-c', join(root, 'test/cluster/jest.config.js'), ...args], {
    stdio: 'inherit',
    env: {
      ...process.env,
      // Node 24 of the project first, as npm scripts have it (child processes use process.execPath).
      PATH: `${join(root, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}`,
      TEST_REDIS_URL: url,
      NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
    },
  });
  cluster.stop();
  console.log(`test-cluster: done in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(run.status ?? 1);
}
