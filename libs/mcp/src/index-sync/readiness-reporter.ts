/**
 * Plain lines for people about the index sync (the JSON logs stay for machines): what is being
 * indexed, progress while it builds, and one `Ready:` line with the symbol count and the time it
 * took once the schema is servable. Problems (unreachable service, refused token, failed build)
 * get one line each time the phase changes.
 */
import type { IndexSync } from './index-sync.js';
import { SyncPhase, type SyncStatus } from './sync-status.js';

export interface ReadinessReporterOptions {
  /** Where lines go (stdout for serve; stderr when stdout carries MCP). */
  write(line: string): void;
  /** Appended to the ready line, e.g. `MCP endpoint: http://127.0.0.1:4200/mcp`. */
  readySuffix?: string;
  /** Interval of the "still indexing" lines (default 5 s). */
  progressIntervalMs?: number;
  now?: () => number;
}

/** The prefix of the line that says the schema is indexed and servable. */
export const READY_PREFIX = 'Ready:';

/** Subscribes to `sync`; returns the function that stops reporting. */
export function reportReadiness(sync: Pick<IndexSync, 'onChange' | 'status'>, options: ReadinessReporterOptions): () => void {
  const now = options.now ?? (() => performance.now());
  const interval = options.progressIntervalMs ?? 5_000;
  // The first schema's time counts from the start of the process.
  let startedAt = options.now ? now() : 0;
  let lastPhase: SyncPhase | undefined;
  let lastServing: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const seconds = () => ((now() - startedAt) / 1000).toFixed(1);
  const stopProgress = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  const startProgress = () => {
    if (timer) return;
    timer = setInterval(() => options.write(`  still indexing... ${seconds()}s`), interval);
    timer.unref();
  };

  let lastNotice: string | undefined;
  const onChange = (status: SyncStatus) => {
    if (status.notice !== undefined && status.notice !== lastNotice) {
      lastNotice = status.notice;
      options.write(status.notice);
    }
    const phase = status.phase;
    if (phase === SyncPhase.Ready) {
      stopProgress();
      if (status.servingIndexId !== lastServing) {
        const count = status.symbolCount === undefined ? 'the' : `${status.symbolCount.toLocaleString('en-US')}`;
        const suffix = options.readySuffix ? ` ${options.readySuffix}` : '';
        options.write(`${READY_PREFIX} schema indexed (${count} symbols) in ${seconds()}s.${suffix}`);
        lastServing = status.servingIndexId;
      }
    } else if (building(phase) && !building(lastPhase)) {
      if (lastServing) startedAt = now();
      options.write(lastServing ? 'Schema changed: indexing the new version (the previous one keeps serving)...' : 'Indexing the schema...');
      startProgress();
    } else if (phase !== lastPhase) {
      const line = problemLine(status);
      if (line) options.write(line);
      if (phase === SyncPhase.Indexing || phase === SyncPhase.Unreachable || phase === SyncPhase.Unauthorized) startProgress();
      else stopProgress();
    }
    lastPhase = phase;
  };
  const unsubscribe = sync.onChange(onChange);
  onChange(sync.status());
  return () => {
    stopProgress();
    unsubscribe();
  };
}

function building(phase: SyncPhase | undefined): boolean {
  return phase === SyncPhase.Ensuring || phase === SyncPhase.Indexing;
}

function problemLine(status: SyncStatus): string | undefined {
  const at = status.serviceUrl ? ` at ${status.serviceUrl}` : '';
  switch (status.phase) {
    case SyncPhase.Unreachable:
      return status.reason ? `The discovery service${at} is unreachable: ${status.reason}; retrying.` : `Cannot reach the indexer${at}; retrying.`;
    case SyncPhase.Unauthorized:
      return `The discovery service${at} refused the token (DISCOVERY_TOKEN); retrying.`;
    case SyncPhase.Failed:
    case SyncPhase.Rejected:
      return `Not ready: ${sentence(status.reason ?? status.phase)}${FAILURE_HINTS[status.failureKind ?? 'internal']}`;
    case SyncPhase.TimedOut:
      return `Not ready: ${status.reason ?? status.phase}.`;
    case SyncPhase.WaitingForSchema:
      return status.reason ? `Not ready: the schema could not be loaded: ${status.reason}.` : undefined;
    default:
      return undefined;
  }
}

/** What to do about a failed build, after its reason (which ends without a full stop or with one). */
const FAILURE_HINTS: Record<NonNullable<SyncStatus['failureKind']>, string> = {
  schema: '\n  Fix the schema: it is read again when the file changes.',
  limit: '\n  The schema is over a configured limit (named above): raise it, or index a smaller schema.',
  internal: '\n  The build is retried.',
};

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
