/**
 * RedisEventBus: EventBus on Redis pub/sub. Publishes on the shared command
 * client; listens on its own subscriber connection (a subscribed connection
 * can run nothing else), which ioredis resubscribes after a reconnect.
 * Malformed messages and failing handlers are reported to `onError`, never thrown.
 */
import type { Redis } from 'ioredis';
import { parseIndexEvent, type EventBus, type IndexEvent } from '../event-bus.js';
import { storageCall, StorageError, StorageErrorCode } from '../storage.errors.js';
import type { RedisKeys } from './keys.js';
import { closeRedisClient } from './redis-client.js';

type Handler = (event: IndexEvent) => void;

export interface RedisEventBusOptions {
  /** Command client used to publish (not closed by the bus unless `ownsClient`). */
  client: Redis;
  /** A dedicated connection for SUBSCRIBE; the bus closes it. */
  subscriber: Redis;
  keys: RedisKeys;
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
    this.channel = options.keys.eventsChannel();
    this.onError = options.onError ?? (() => undefined);
    options.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.deliver(message);
    });
  }

  async publish(event: IndexEvent): Promise<void> {
    this.assertOpen();
    const message = JSON.stringify(parseIndexEvent(event));
    await storageCall('publish index event', () => this.options.client.publish(this.channel, message));
  }

  async subscribe(handler: Handler): Promise<() => Promise<void>> {
    this.assertOpen();
    const own: Handler = (event) => handler(event);
    this.handlers.add(own);
    try {
      this.subscribed ??= storageCall('subscribe to index events', async () => {
        await this.options.subscriber.subscribe(this.channel);
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
