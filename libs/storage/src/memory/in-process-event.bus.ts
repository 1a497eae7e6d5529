/**
 * InProcessEventBus: EventBus for one process (`serve` without Redis). Like
 * Redis pub/sub, delivery is asynchronous and a failing handler never stops
 * the others (its error goes to `onError`).
 */
import { parseIndexEvent, type EventBus, type IndexEvent } from '../event-bus.js';
import { StorageError, StorageErrorCode } from '../storage.errors.js';

type Handler = (event: IndexEvent) => void;

export class InProcessEventBus implements EventBus {
  private readonly handlers = new Set<Handler>();
  private readonly onError: (error: unknown) => void;
  private closed = false;

  constructor(options: { onError?: (error: unknown) => void } = {}) {
    this.onError = options.onError ?? (() => undefined);
  }

  async publish(event: IndexEvent): Promise<void> {
    this.assertOpen();
    const parsed = parseIndexEvent(event);
    const targets = [...this.handlers];
    setImmediate(() => {
      for (const handler of targets) {
        try {
          handler({ ...parsed });
        } catch (error) {
          this.onError(error);
        }
      }
    });
  }

  async subscribe(handler: Handler): Promise<() => Promise<void>> {
    this.assertOpen();
    const own: Handler = (event) => handler(event);
    this.handlers.add(own);
    return async () => {
      this.handlers.delete(own);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new StorageError(StorageErrorCode.Closed, 'event bus is closed');
  }
}
