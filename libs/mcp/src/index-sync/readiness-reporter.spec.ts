import { describe, expect, it } from '@jest/globals';
import { READY_PREFIX, reportReadiness } from './readiness-reporter.js';
import { SyncPhase, type SyncStatus } from './sync-status.js';

/** A sync whose status the test sets, as IndexSync reports it to its listeners. */
function fakeSync() {
  let status: SyncStatus = { phase: SyncPhase.WaitingForSchema };
  const listeners = new Set<(s: SyncStatus) => void>();
  return {
    status: () => status,
    onChange(listener: (s: SyncStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: SyncStatus) {
      status = next;
      for (const listener of listeners) listener(next);
    },
  };
}

describe('reportReadiness', () => {
  it('says it indexes, then one Ready: line with symbols and seconds, and problems once each', () => {
    const sync = fakeSync();
    const lines: string[] = [];
    let clock = 1_000;
    const stop = reportReadiness(sync, { write: (l) => lines.push(l), readySuffix: 'MCP endpoint: x', now: () => clock });
    sync.set({ phase: SyncPhase.Unreachable, serviceUrl: 'http://127.0.0.1:9' });
    sync.set({ phase: SyncPhase.Ensuring });
    sync.set({ phase: SyncPhase.Indexing, pendingIndexId: 'a' });
    clock += 2_500;
    sync.set({ phase: SyncPhase.Ready, servingIndexId: 'a', symbolCount: 12345 });
    sync.set({ phase: SyncPhase.Ready, servingIndexId: 'a', symbolCount: 12345 });
    expect(lines).toEqual([
      'Cannot reach the indexer at http://127.0.0.1:9; retrying.',
      'Indexing the schema...',
      `${READY_PREFIX} schema indexed (12,345 symbols) in 2.5s. MCP endpoint: x`,
    ]);
    sync.set({ phase: SyncPhase.Ensuring, servingIndexId: 'a' });
    clock += 1_000;
    sync.set({ phase: SyncPhase.Ready, servingIndexId: 'b', symbolCount: 7 });
    expect(lines.slice(3)).toEqual([
      'Schema changed: indexing the new version (the previous one keeps serving)...',
      `${READY_PREFIX} schema indexed (7 symbols) in 1.0s. MCP endpoint: x`,
    ]);
    stop();
  });

  it('reports the state it finds when it subscribes late', () => {
    const sync = fakeSync();
    sync.set({ phase: SyncPhase.Ready, servingIndexId: 'a', symbolCount: 3 });
    const lines: string[] = [];
    reportReadiness(sync, { write: (l) => lines.push(l), now: () => 500 })();
    expect(lines).toEqual([`${READY_PREFIX} schema indexed (3 symbols) in 0.0s.`]);
  });
});
