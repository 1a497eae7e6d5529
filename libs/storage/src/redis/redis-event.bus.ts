/**
 * RedisEventBus: EventBus on Redis pub/sub. Publishes on the shared command
 * client; listens on its own subscriber connection (a subscribed connection
 * can run nothing else), which ioredis resubscribes after a reconnect.
 * `sharded` (Redis Cluster): SPUBLISH/SSUBSCRIBE on one hash-tagged channel,
 * so every event goes through the one master that owns the channel's slot and
 * arrives in the order it was published (plain PUBLISH on a cluster client
 * goes to any node and is relayed over the cluster bus, which reorders; the
 * subscriber client is an ioredis Cluster with `shardedSubscribers`). When
 * the channel's slot moves to another master, the old one ends the
 * subscription (a SUNSUBSCRIBE push); the bus then refreshes the cluster's
 * slot map at once and a few times after, so ioredis resubscribes on the new
 * master within about a second instead of at its next periodic refresh (5 s);
 * events published in between are lost, as during any disconnection.
 * Malformed messages and failing handlers are reported to `onError`, never thrown.
 */
import { Cluster } from 'ioredis';
import { parseIndexEvent, type EventBus, type IndexEvent } from '../event-bus.js';
import { storageCall, StorageError, StorageErrorCode } from '../storage.errors.js';
import type { RedisKeys } from './keys.js';
import { closeRedisClient, type RedisClient } from './redis-client.js';

type Handler = (event: IndexEvent) => void;

/** When the slot map is refreshed after the channel's slot moved (ms after the SUNSUBSCRIBE push). */
const RESUBSCRIBE_REFRESH_MS = [0, 250, 1_000];

export interface RedisEventBusOptions {
  /** Command client used to publish (not closed by the bus unless `ownsClient`). */
  client: RedisClient;
  /** A dedicated connection for SUBSCRIBE (a Cluster with `shardedSubscribers` when `sharded`); the bus closes it. */
  subscriber: RedisClient;
  keys: RedisKeys;
  /** SPUBLISH/SSUBSCRIBE on the hash-tagged channel (Redis Cluster). Default false. */
  sharded?: boolean;
  ownsClient?: boolean;
  onError?: (error: unknown) => void;
}

export class RedisEventBus implements EventBus {
  private readonly options: RedisEventBusOptions;
  private readonly channel: string;
  private readonly handlers = new Set<Handler>();
  private readonly onError: (error: unknown) => void;
  private subscribed: Promise<void> | undefined;
  private closed = false;

  constructor(options: RedisEventBusOptions) {
    this.options = options;
    this.channel = options.sharded ? options.keys.shardedEventsChannel() : options.keys.eventsChannel();
    this.onError = options.onError ?? (() => undefined);
    options.subscriber.on(options.sharded ? 'smessage' : 'message', (channel: string, message: string) => {
      if (channel === this.channel) this.deliver(message);
    });
    const { subscriber } = options;
    if (options.sharded && subscriber instanceof Cluster) {
      // ioredis reports the server's SUNSUBSCRIBE push (the slot moved) as a node error.
      subscriber.on('nodeError', (error: unknown) => {
        if (String((error as Error)?.message).includes('sunsubscribe')) this.followSlot(subscriber);
      });
    }
  }

  async publish(event: IndexEvent): Promise<void> {
    this.assertOpen();
    const message = JSON.stringify(parseIndexEvent(event));
    const { client, sharded } = this.options;
    await storageCall('publish index event', () => (sharded ? client.spublish(this.channel, message) : client.publish(this.channel, message)));
  }

  async subscribe(handler: Handler): Promise<() => Promise<void>> {
    this.assertOpen();
    const own: Handler = (event) => handler(event);
    this.handlers.add(own);
    try {
      this.subscribed ??= storageCall('subscribe to index events', async () => {
        const { subscriber, sharded } = this.options;
        await (sharded ? subscriber.ssubscribe(this.channel) : subscriber.subscribe(this.channel));
      });
      await this.subscribed;
    } catch (error) {
      this.subscribed = undefined;
      this.handlers.delete(own);
      throw error;
    }
    return async () => {
      this.handlers.delete(own);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await closeRedisClient(this.options.subscriber);
    if (this.options.ownsClient) await closeRedisClient(this.options.client);
  }

  /** Refreshes the slot map now and twice more (the new owner may not be known to every node yet). */
  private followSlot(subscriber: Cluster): void {
    for (const delayMs of RESUBSCRIBE_REFRESH_MS) {
      setTimeout(() => {
        if (!this.closed) subscriber.refreshSlotsCache();
      }, delayMs).unref();
    }
  }

  private deliver(message: string): void {
    let event: IndexEvent;
    try {
      event = parseIndexEvent(JSON.parse(message) as unknown);
    } catch (error) {
      this.onError(new StorageError(StorageErrorCode.Corrupt, 'ignored a malformed index event', { cause: error }));
      return;
    }
    for (const handler of [...this.handlers]) {
      try {
        handler({ ...event });
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StorageError(StorageErrorCode.Closed, 'event bus is closed');
  }
}
