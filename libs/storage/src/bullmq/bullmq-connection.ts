/**
 * Connections for the BullMQ driver. Standalone: BullMQ gets connection
 * options and opens (and closes) its connections itself. Cluster: BullMQ
 * needs ioredis `Cluster` instances (it cannot make one from options); the
 * queue's is shared with BullMQ and closed here, a blocking one (workers,
 * event streams) is never connected itself: BullMQ duplicates it and owns the
 * copy. Blocking connections never time out a command or give up retrying.
 */
import type { ConnectionOptions, RedisOptions as BullRedisOptions } from 'bullmq';
import type { Cluster, RedisOptions } from 'ioredis';
import { closeRedisClient, createRedisClient, redisOptions, unbounded, type RedisConnectionSettings } from '../redis/redis-client.js';

/** What a BullmqJobQueue connects with: where Redis is, and the name its connections show in CLIENT LIST. */
export interface BullmqConnectionSettings extends RedisConnectionSettings {
  /** Default `sd-queue`. */
  name?: string;
}

export class BullmqConnections {
  readonly connectTimeoutMs: number;
  private readonly settings: BullmqConnectionSettings;
  private readonly clusters: Cluster[] = [];

  constructor(settings: BullmqConnectionSettings) {
    this.settings = settings;
    this.connectTimeoutMs = settings.connectTimeoutMs ?? 5_000;
    // Fail on a malformed URL now, not in BullMQ's first connection attempt.
    if (!this.cluster) redisOptions(settings, this.name);
  }

  /** The connection of the Queue (commands, no blocking). */
  commands(): ConnectionOptions {
    if (!this.cluster) return toBull(redisOptions(this.settings, this.name));
    return this.keep(createRedisClient(this.settings, this.name) as Cluster);
  }

  /** A connection BullMQ blocks on (a Worker's, a QueueEvents'). */
  blocking(name = this.name): ConnectionOptions {
    if (!this.cluster) return toBull(unbounded(redisOptions(this.settings, name)));
    return this.keep(createRedisClient(this.settings, name, { blocking: true, lazyConnect: true }) as Cluster);
  }

  /** Closes the cluster clients made here, after BullMQ closed what it made of them. */
  async close(): Promise<void> {
    await Promise.all(this.clusters.splice(0).map((client) => closeRedisClient(client)));
  }

  private get cluster(): boolean {
    return this.settings.mode === 'cluster';
  }

  private get name(): string {
    return this.settings.name ?? 'sd-queue';
  }

  private keep(client: Cluster): ConnectionOptions {
    this.clusters.push(client);
    return client as unknown as ConnectionOptions;
  }
}

/** ioredis options as BullMQ types them (its retryStrategy may not be null). */
function toBull(connection: RedisOptions): BullRedisOptions {
  const { retryStrategy, ...rest } = connection;
  return { ...rest, ...(retryStrategy ? { retryStrategy } : {}) };
}
