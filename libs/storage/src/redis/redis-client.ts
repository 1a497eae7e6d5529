/**
 * ioredis clients with the settings every storage adapter shares: reconnect
 * forever with capped backoff (a Redis restart never needs a service restart),
 * and fail commands fast (StorageError UNAVAILABLE) during an outage instead
 * of queueing them without bound.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { StorageError, StorageErrorCode, toStorageError } from '../storage.errors.js';

export interface RedisConnectionSettings {
  /** `redis://[user:password@]host:port[/db]` or `rediss://` for TLS. */
  url: string;
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

/** Options (not a client) for libraries that create their own connections, such as BullMQ. */
export function redisOptions(settings: RedisConnectionSettings, connectionName: string): RedisOptions {
  const maxDelay = settings.maxReconnectDelayMs ?? 1_000;
  const url = parseRedisUrl(settings.url);
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
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
    retryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
    // A failover turns the old primary read-only: reconnect and resend.
    reconnectOnError: (error: Error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
}

/** A connected-on-demand ioredis client; errors go to `settings.onError` (never unhandled). */
export function createRedisClient(settings: RedisConnectionSettings, connectionName: string): Redis {
  const client = new Redis(redisOptions(settings, connectionName));
  client.on('error', (error: unknown) => {
    settings.onError?.(toStorageError(error, `redis connection ${connectionName}`), connectionName);
  });
  return client;
}

/** Closes a client politely (QUIT), or drops it when Redis is not answering. */
export async function closeRedisClient(client: Redis): Promise<void> {
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

function parseRedisUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageError(StorageErrorCode.InvalidArgument, 'redis url is not a valid URL (expected redis://host:port)');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new StorageError(StorageErrorCode.InvalidArgument, `redis url must use redis:// or rediss:// (got ${url.protocol})`);
  }
  if (url.pathname.length > 1 && !/^\/\d+$/.test(url.pathname)) {
    throw new StorageError(StorageErrorCode.InvalidArgument, 'redis url path must be a database number (for example /0)');
  }
  return url;
}
