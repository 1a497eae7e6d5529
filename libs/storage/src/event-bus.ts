/**
 * EventBus: tells every replica that an index changed, so in-process caches
 * drop it. Redis pub/sub in production, in-process in memory mode.
 */

export type IndexEvent =
  | { type: 'index.rebuilt'; indexId: string }
  | { type: 'index.deleted'; indexId: string };

export interface EventBus {
  publish(event: IndexEvent): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(handler: (event: IndexEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
