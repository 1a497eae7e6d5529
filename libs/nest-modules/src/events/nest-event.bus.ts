/**
 * NestEventBus: the EventBus port (libs/storage) the components use, on Nest microservices: it
 * emits through a ClientProxy and receives from the @EventPattern handlers of the
 * IndexEventsController. Events are validated on both sides (a malformed one from the wire is
 * reported as CORRUPT, never delivered); a throwing handler never starves the others.
 */
import type { ClientProxy } from '@nestjs/microservices';
import { parseIndexEvent, StorageError, StorageErrorCode, type EventBus, type IndexEvent } from '@discovery/storage';
import { lastValueFrom } from 'rxjs';

type Handler = (event: IndexEvent) => void;

export class NestEventBus implements EventBus {
  private readonly handlers = new Set<Handler>();
  private closed = false;
  private listening!: () => void;
  /** Resolves once the transport's server listens (the microservice started). */
  readonly started = new Promise<void>((resolve) => (this.listening = resolve));

  constructor(
    private readonly client: ClientProxy,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** The transport's server listens: subscriptions are in place from now on. */
  markListening(): void {
    this.listening();
  }

  async publish(event: IndexEvent): Promise<void> {
    this.assertOpen();
    const { type, indexId } = parseIndexEvent(event);
    await lastValueFrom(this.client.emit(type, { indexId }), { defaultValue: undefined });
  }

  async subscribe(handler: Handler): Promise<() => Promise<void>> {
    this.assertOpen();
    const own: Handler = (event) => handler(event);
    this.handlers.add(own);
    await this.started;
    return async () => {
      this.handlers.delete(own);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }

  /** From an @EventPattern handler: the event of `type` with the payload the transport carried. */
  deliver(type: string, payload: unknown): void {
    let event: IndexEvent;
    try {
      event = parseIndexEvent({ ...(typeof payload === 'object' && payload !== null ? payload : {}), type });
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
