/**
 * Conformance suite for EventBus: every adapter runs these cases. `make`
 * returns two buses standing for two replicas on one deployment (the memory
 * adapter may return the same instance twice). Test support only.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { EventBus, IndexEvent } from '../event-bus.js';
import { StorageError } from '../storage.errors.js';

export interface EventBusHarness {
  a: EventBus;
  b: EventBus;
  /** Errors reported through the adapters' onError. */
  errors: unknown[];
  /** Sends a raw, malformed message when the transport allows it (Redis); absent otherwise. */
  sendRaw?: (message: string) => Promise<void>;
  dispose(): Promise<void>;
}

const ID = `sha256:${'ab'.repeat(32)}`;

async function until(condition: () => boolean, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function describeEventBus(name: string, make: () => Promise<EventBusHarness>): void {
  describe(`EventBus contract: ${name}`, () => {
    let h: EventBusHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('delivers an event to every subscriber of every replica, in publish order', async () => {
      const onA: IndexEvent[] = [];
      const onB: IndexEvent[] = [];
      await h.a.subscribe((e) => onA.push(e));
      await h.b.subscribe((e) => onB.push(e));
      await h.a.publish({ type: 'index.rebuilt', indexId: ID });
      await h.b.publish({ type: 'index.deleted', indexId: ID });
      await h.a.publish({ type: 'index.unclaimed', indexId: ID });
      await until(
        () => onA.length === 3 && onB.length === 3,
        () =>
          `the events on both replicas (a: ${JSON.stringify(onA.map((e) => e.type))}, b: ${JSON.stringify(onB.map((e) => e.type))}; errors: ${h.errors.map(String).join('; ') || 'none'})`,
      );
      const expected = [
        { type: 'index.rebuilt', indexId: ID },
        { type: 'index.deleted', indexId: ID },
        { type: 'index.unclaimed', indexId: ID },
      ];
      expect(onA).toEqual(expected);
      expect(onB).toEqual(expected);
    });

    it('stops delivering after unsubscribe, and a throwing handler does not starve the others', async () => {
      const kept: IndexEvent[] = [];
      const dropped: IndexEvent[] = [];
      const unsubscribe = await h.b.subscribe((e) => dropped.push(e));
      await h.b.subscribe(() => {
        throw new Error('handler failed');
      });
      await h.b.subscribe((e) => kept.push(e));
      await unsubscribe();
      await h.a.publish({ type: 'index.deleted', indexId: ID });
      await h.a.publish({ type: 'index.rebuilt', indexId: ID });
      await until(() => kept.length === 2, 'delivery to the remaining handler');
      expect(dropped).toEqual([]);
      expect(h.errors.some((e) => e instanceof Error && e.message === 'handler failed')).toBe(true);
    });

    it('refuses malformed events from callers and ignores malformed messages from the wire', async () => {
      for (const bad of [{ type: 'index.rebuilt', indexId: 'x' }, { type: 'nope', indexId: ID }, {}]) {
        const error = await h.a.publish(bad as IndexEvent).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StorageError);
        expect((error as StorageError).code).toBe('INVALID_ARGUMENT');
      }
      if (!h.sendRaw) return;
      const seen: IndexEvent[] = [];
      await h.b.subscribe((e) => seen.push(e));
      await h.sendRaw('not json');
      await h.sendRaw(JSON.stringify({ type: 'index.deleted', indexId: 'bad' }));
      await h.a.publish({ type: 'index.deleted', indexId: ID });
      await until(() => seen.length === 1, 'the valid event');
      expect(h.errors.filter((e) => e instanceof StorageError && e.code === 'CORRUPT')).toHaveLength(2);
    });

    it('refuses use after close', async () => {
      await h.a.close();
      const error = await h.a.publish({ type: 'index.deleted', indexId: ID }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as StorageError).code).toBe('CLOSED');
    });
  });
}
