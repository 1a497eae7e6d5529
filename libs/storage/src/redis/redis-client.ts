/**
 * ioredis clients with the settings every storage adapter shares: reconnect
 * forever with capped backoff (a Redis restart never needs a service restart),
 * and fail commands fast (StorageError UNAVAILABLE) during an outage instead
 * of queueing them without bound. `mode: 'cluster'` makes an ioredis
 * `Cluster` from a comma-separated list of seed nodes (docs/deployment.md
 * "Redis Cluster"); every adapter takes either kind as a {@link RedisClient}.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { StorageError, StorageErrorCode, toStorageError } from '../storage.errors.js';

/** `standalone`: one Redis (or Valkey) server; `cluster`: Redis Cluster (or Valkey cluster) seed nodes. */
export type RedisMode = 'standalone' | 'cluster';

/** A standalone client or a cluster client: the adapters use only commands both have. */
export type RedisClient = Redis | Cluster;

export interface RedisConnectionSettings {
  /**
   * `redis://[user:password@]host:port[/db]` or `rediss://` for TLS; in cluster mode a comma-separated
   * list of seed nodes with the same scheme and credentials (no database number: a cluster has only 0).
   */
  url: string;
  /** Default `standalone`. */
  mode?: RedisMode;
  /** Per-command timeout; a command without an answer by then fails with UNAVAILABLE. Default 10 s. */
  commandTimeoutMs?: number;
  /** Connect attempt timeout. Default 5 s. */
  connectTimeoutMs?: number;
  /** Reconnect attempts a queued command survives before failing with UNAVAILABLE. Default 1. */
  maxRetriesPerRequest?: number;
  /** Longest pause between reconnect attempts. Default 1 s. */
  maxReconnectDelayMs?: number;
  /** Told about connection errors (already translated); never about keys or values. */
  onError?: (error: StorageError, connectionName: string) => void;
}

/** One seed node of a cluster URL list. */
export interface SeedNode {
  host: string;
  port: number;
}

/** Options (not a client) for libraries that create their own connections, such as BullMQ. Standalone only. */
export function redisOptions(settings: RedisConnectionSettings, connectionName: string): RedisOptions {
  const maxDelay = settings.maxReconnectDelayMs ?? 1_000;
  const urls = parseRedisUrls(settings.url, settings.mode ?? 'standalone');
  const url = urls[0]!;
  return {
    ...nodeAddress(url),
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    ...nodeOptions(settings, url, connectionName),
    retryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
  };
}

/**
 * Options of a cluster client: the seed nodes and the per-node options. Commands follow MOVED and
 * ASK redirections; TRYAGAIN (a multi-key command during a slot migration) and CLUSTERDOWN are
 * retried after 100 ms, up to 16 times.
 */
export function clusterOptions(settings: RedisConnectionSettings, connectionName: string): { nodes: SeedNode[]; options: ClusterOptions } {
  const maxDelay = settings.maxReconnectDelayMs ?? 1_000;
  const urls = parseRedisUrls(settings.url, 'cluster');
  const first = urls[0]!;
  const tls = first.protocol === 'rediss:';
  return {
    nodes: urls.map(nodeAddress),
    options: {
      redisOptions: nodeOptions(settings, first, connectionName),
      clusterRetryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
      // A node that went away is found again through the slots of the others (MOVED, periodic refresh).
      slotsRefreshTimeout: settings.connectTimeoutMs ?? 5_000,
      slotsRefreshInterval: 5_000,
      enableReadyCheck: true,
      scaleReads: 'master',
      // TLS certificates name the hosts: keep the names the cluster announces instead of resolving them.
      ...(tls ? { dnsLookup: (address: string, callback: (error: null, address: string) => void) => callback(null, address) } : {}),
    },
  };
}

/** A connected-on-demand client (a `Cluster` in cluster mode); errors go to `settings.onError` (never unhandled). */
export function createRedisClient(
  settings: RedisConnectionSettings,
  connectionName: string,
  extra: { shardedSubscribers?: boolean; blocking?: boolean; lazyConnect?: boolean } = {},
): RedisClient {
  let client: RedisClient;
  if ((settings.mode ?? 'standalone') === 'cluster') {
    const { nodes, options } = clusterOptions(settings, connectionName);
    const redisOptions = extra.blocking ? unbounded(options.redisOptions ?? {}) : options.redisOptions;
    client = new Cluster(nodes, {
      ...options,
      redisOptions,
      ...(extra.shardedSubscribers ? { shardedSubscribers: true } : {}),
      ...(extra.lazyConnect ? { lazyConnect: true } : {}),
    });
  } else {
    const options = redisOptions(settings, connectionName);
    client = new Redis({ ...(extra.blocking ? unbounded(options) : options), ...(extra.lazyConnect ? { lazyConnect: true } : {}) });
  }
  client.on('error', (error: unknown) => {
    settings.onError?.(toStorageError(error, `redis connection ${connectionName}`), connectionName);
  });
  return client;
}

/** Closes a client politely (QUIT), or drops it when Redis is not answering. */
export async function closeRedisClient(client: RedisClient): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    // QUIT failed because the connection dropped meanwhile: nothing is left to close politely.
    client.disconnect();
  }
}

/** Blocking connections (BullMQ workers and event streams) never time out a command or give up retrying. */
export function unbounded<T extends { commandTimeout?: number; maxRetriesPerRequest?: number | null }>(options: T): T {
  const { commandTimeout: _commandTimeout, ...rest } = options;
  return { ...rest, maxRetriesPerRequest: null } as T;
}

function nodeAddress(url: URL): SeedNode {
  return { host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: url.port ? Number(url.port) : 6379 };
}

function nodeOptions(settings: RedisConnectionSettings, url: URL, connectionName: string): RedisOptions {
  return {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    connectionName,
    connectTimeout: settings.connectTimeoutMs ?? 5_000,
    commandTimeout: settings.commandTimeoutMs ?? 10_000,
    maxRetriesPerRequest: settings.maxRetriesPerRequest ?? 1,
    enableReadyCheck: true,
    // How long disconnect() waits for a socket to end; ioredis leaves this timer running when the
    // socket is already gone (connection refused), which would hold the process for its full length.
    disconnectTimeout: 200,
    // A failover turns the old primary read-only: reconnect and resend.
    reconnectOnError: (error: Error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
}

/**
 * The URLs of `value`: exactly one in standalone mode; in cluster mode one or more seed nodes, all with
 * the same scheme and credentials and without a database number. Messages never echo credentials.
 */
function parseRedisUrls(value: string, mode: RedisMode): URL[] {
  const parts = value.split(',').map((part) => part.trim());
  if (mode === 'standalone' && parts.length > 1) {
    throw invalid(`redis url lists ${parts.length} nodes, which needs REDIS_MODE=cluster (standalone takes one URL)`);
  }
  const urls = parts.map((part, i) => parseOne(part, parts.length > 1 ? `seed node ${i + 1} of the redis url` : 'redis url'));
  if (mode === 'cluster') {
    const first = urls[0]!;
    for (const [i, url] of urls.entries()) {
      if (url.pathname.length > 1 && url.pathname !== '/0') throw invalid(`seed node ${i + 1}: a Redis Cluster has only database 0 (remove ${url.pathname})`);
      if (url.protocol !== first.protocol)
        throw invalid(`seed node ${i + 1} uses ${url.protocol}// but seed node 1 uses ${first.protocol}//: use one scheme for all`);
      if (url.username !== first.username || url.password !== first.password)
        throw invalid(`seed node ${i + 1} has other credentials than seed node 1: a cluster has one set`);
    }
  }
  return urls;
}

function parseOne(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${what} is not a valid URL (expected redis://host:port)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw invalid(`${what} must use redis:// or rediss:// (got ${url.protocol})`);
  }
  if (url.hostname === '') throw invalid(`${what} has no host`);
  if (url.pathname.length > 1 && !/^\/\d+$/.test(url.pathname)) {
    throw invalid(`${what} path must be a database number (for example /0)`);
  }
  return url;
}

function invalid(message: string): StorageError {
  return new StorageError(StorageErrorCode.InvalidArgument, message);
}
