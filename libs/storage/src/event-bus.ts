/**
 * EventBus: tells every replica that an index changed, so in-process caches
 * drop it. Redis pub/sub in production, in-process in memory mode. Delivery is
 * at most once: events published while a replica is disconnected from Redis are
 * not replayed, so caches should also revalidate (e.g. compare `indexedAt`).
 */
import { z } from 'zod';
import { StorageError, StorageErrorCode } from './storage.errors.js';

export type IndexEvent =
  | { type: 'index.rebuilt'; indexId: string }
  | { type: 'index.deleted'; indexId: string }
  /** A tenant dropped its claim and others still hold one: caches keep the data but check claims again. */
  | { type: 'index.unclaimed'; indexId: string };

export interface EventBus {
  /** Delivers the event to every subscriber of every replica (including this one). */
  publish(event: IndexEvent): Promise<void>;
  /** Resolves once subscribed (events published afterwards are delivered). Returns an unsubscribe function. */
  subscribe(handler: (event: IndexEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const indexEventSchema = z.object({
  type: z.enum(['index.rebuilt', 'index.deleted', 'index.unclaimed']),
  indexId: z.string().regex(/^sha256:[0-9a-f]{64}$/),
});

/** Parses and validates an event (from the wire or a caller); throws StorageError INVALID_ARGUMENT. */
export function parseIndexEvent(value: unknown): IndexEvent {
  const result = indexEventSchema.safeParse(value);
  if (!result.success) {
    throw new StorageError(
      StorageErrorCode.InvalidArgument,
      `invalid index event: ${result.error.issues.map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data;
}
