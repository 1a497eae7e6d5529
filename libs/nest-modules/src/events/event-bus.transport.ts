/**
 * The transport of the index events between replicas, as a Nest microservices transport of our
 * own (a CustomTransportStrategy and its ClientProxy) over a storage EventBus adapter: Redis
 * pub/sub on one server, sharded pub/sub on a Redis Cluster (SPUBLISH/SSUBSCRIBE on one
 * hash-tagged channel: one master, so the events keep their order, which Nest's Redis transport
 * cannot promise there: its PUBLISH is relayed over the cluster bus, which reorders), or the
 * in-process bus (`serve` and stdio without Redis). The adapters keep their wire (one channel,
 * `{"type","indexId"}`), their checks and their reconnection (libs/storage/src/redis/redis-event.bus.ts,
 * docs/deployment.md "Index events"). Events only: no request and reply.
 */
import { ClientProxy, Server, type CustomTransportStrategy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { EventBus, IndexEvent } from '@discovery/storage';

/** Receives the events of the bus and hands each to its @EventPattern handler (the pattern is the event's `type`). */
export class EventBusServer extends Server implements CustomTransportStrategy {
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly bus: EventBus) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      this.unsubscribe = await this.bus.subscribe((event) => void this.deliver(event));
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  on(): void {
    // The bus reports its connection problems to the storage's onError.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  private deliver(event: IndexEvent): Promise<unknown> {
    return this.handleEvent(event.type, { pattern: event.type, data: { indexId: event.indexId } }, undefined as never);
  }
}

/** Emits events on the bus: `client.emit(type, { indexId })`. */
export class EventBusClient extends ClientProxy {
  constructor(private readonly bus: EventBus) {
    super();
  }

  async connect(): Promise<void> {
    // The bus connects with the storage.
  }

  async close(): Promise<void> {
    // Closed with the storage, after every component.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(_packet: ReadPacket, _callback: (packet: WritePacket) => void): () => void {
    throw new Error('index events are events: there is no request and reply');
  }

  protected async dispatchEvent<T>(packet: ReadPacket<{ indexId: string }>): Promise<T> {
    await this.bus.publish({ type: packet.pattern, indexId: packet.data?.indexId } as IndexEvent);
    return undefined as T;
  }
}
