/**
 * The readiness check of a Redis deployment, per mode. Standalone: the server answers and is not a
 * cluster node (a standalone client on a cluster node answers PING but fails every key of another
 * slot with MOVED, so it must not look healthy). Cluster: every master answers and reports
 * `cluster_state:ok` (all 16,384 slots served). A wrong mode is INVALID_ARGUMENT, which the services
 * treat as a configuration error at start (docs/deployment.md "Redis Cluster").
 */
import { Cluster, Redis } from 'ioredis';
import { within } from '../deadline.js';
import { storageCall, StorageError, StorageErrorCode } from '../storage.errors.js';
import { clusterOptions, redisOptions, type RedisClient, type RedisConnectionSettings, type RedisMode } from './redis-client.js';

const STANDALONE_ON_CLUSTER =
  'REDIS_URL points at a Redis Cluster node (cluster_enabled:1) but REDIS_MODE is standalone: commands on keys of other ' +
  "nodes' slots would fail with MOVED. Set REDIS_MODE=cluster and list seed nodes in REDIS_URL";
const CLUSTER_ON_STANDALONE =
  'REDIS_MODE is cluster but REDIS_URL points at a Redis without cluster support (cluster_enabled:0). ' +
  'Set REDIS_MODE=standalone, or list the nodes of a Redis Cluster';

/** Resolves when the deployment is usable in `mode`; else StorageError (UNAVAILABLE, or INVALID_ARGUMENT for a wrong mode). */
export async function checkRedis(client: RedisClient, mode: RedisMode): Promise<void> {
  if (client instanceof Cluster) {
    if (mode !== 'cluster') throw new StorageError(StorageErrorCode.Internal, 'a cluster client in standalone mode');
    await checkCluster(client);
    return;
  }
  const info = await storageCall('ping redis', () => client.info('cluster'));
  if (/^cluster_enabled:1\s*$/m.test(info)) throw new StorageError(StorageErrorCode.InvalidArgument, STANDALONE_ON_CLUSTER);
}

async function checkCluster(cluster: Cluster): Promise<void> {
  // Not connected yet (or never): a cluster client queues commands until it is, so bound the wait.
  if (cluster.nodes('master').length === 0)
    await storageCall('ping redis cluster', () =>
      within(cluster.ping(), FIRST_CONTACT_MS, () => new Error(`Connection timeout: no node answered within ${FIRST_CONTACT_MS} ms`)),
    );
  const masters = cluster.nodes('master');
  if (masters.length === 0) throw new StorageError(StorageErrorCode.Unavailable, 'ping redis cluster: no master known');
  await Promise.all(masters.map((node) => checkNode(node)));
}

/**
 * Whether the server behind `settings` matches its mode, asked of the first seed node that answers
 * with a plain connection (a cluster client on a non-cluster server only retries its slot refresh).
 * Resolves when it matches or no seed answers (readiness reports that); throws INVALID_ARGUMENT otherwise.
 */
export async function probeMode(settings: RedisConnectionSettings): Promise<void> {
  const mode = settings.mode ?? 'standalone';
  const seeds = mode === 'cluster' ? clusterOptions(settings, 'sd-probe').nodes : [undefined];
  for (const seed of seeds) {
    const options = mode === 'cluster' ? { ...clusterOptions(settings, 'sd-probe').options.redisOptions, ...seed } : redisOptions(settings, 'sd-probe');
    const probe = new Redis({ ...options, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    let info: string;
    try {
      await probe.connect();
      info = await probe.info('cluster');
    } catch {
      continue;
    } finally {
      probe.disconnect();
    }
    const enabled = /^cluster_enabled:1\s*$/m.test(info);
    if (enabled && mode === 'standalone') throw new StorageError(StorageErrorCode.InvalidArgument, STANDALONE_ON_CLUSTER);
    if (!enabled && mode === 'cluster') throw new StorageError(StorageErrorCode.InvalidArgument, CLUSTER_ON_STANDALONE);
    return;
  }
}

const FIRST_CONTACT_MS = 2_000;

async function checkNode(node: Redis): Promise<void> {
  const where = `${node.options.host ?? '?'}:${node.options.port ?? '?'}`;
  const info = await storageCall(`cluster info of ${where}`, () => node.cluster('INFO') as Promise<string>);
  const state = /^cluster_state:(\w+)/m.exec(info)?.[1];
  if (state !== 'ok') {
    throw new StorageError(StorageErrorCode.Unavailable, `redis cluster state is ${state ?? 'unknown'} on ${where} (not every slot is served)`);
  }
}
