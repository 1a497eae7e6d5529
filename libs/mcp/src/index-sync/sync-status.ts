/**
 * States of the index sync and what a tool call answers in each while no index has been adopted.
 */
import { ToolFailure, ToolFailureCode } from '../mcp.errors.js';

export enum SyncPhase {
  /** No schema loaded yet (source still loading, or it failed). */
  WaitingForSchema = 'waiting_for_schema',
  /** EnsureIndex sent or about to be. */
  Ensuring = 'ensuring',
  /** The index exists and its build is in flight; GetIndex is polled. */
  Indexing = 'indexing',
  /** The latest schema's index is adopted and serving. */
  Ready = 'ready',
  /** The latest schema's first build failed. */
  Failed = 'failed',
  /** The latest schema's build did not finish within the sync timeout. */
  TimedOut = 'timed_out',
  /** The discovery service could not be reached; retrying. */
  Unreachable = 'unreachable',
  /** The service refused the token; retrying slowly. */
  Unauthorized = 'unauthorized',
  /** The service rejected the schema as invalid input. */
  Rejected = 'rejected',
}

export interface SyncStatus {
  phase: SyncPhase;
  /** The index tools use, once one is READY. */
  servingIndexId?: string;
  /** The index of the latest schema while it is not adopted yet. */
  pendingIndexId?: string;
  /** A short, secret-free reason for the phase (failure, source error). */
  reason?: string;
}

/** The failure a tool call gets when there is no adopted index, by phase. */
export function failureForPhase(status: SyncStatus): ToolFailure {
  switch (status.phase) {
    case SyncPhase.Ensuring:
    case SyncPhase.Indexing:
      return new ToolFailure(ToolFailureCode.Building);
    case SyncPhase.Unreachable:
      return new ToolFailure(ToolFailureCode.Unreachable);
    case SyncPhase.Unauthorized:
      return new ToolFailure(ToolFailureCode.Misconfigured);
    case SyncPhase.Failed:
      return new ToolFailure(ToolFailureCode.NotReady, 'The index build failed and is retried');
    case SyncPhase.TimedOut:
      return new ToolFailure(ToolFailureCode.NotReady, 'Indexing is taking longer than expected');
    case SyncPhase.Rejected:
      return new ToolFailure(ToolFailureCode.NotReady, 'The discovery service rejected the schema');
    case SyncPhase.WaitingForSchema:
      return new ToolFailure(
        ToolFailureCode.NotReady,
        status.reason ? `The schema could not be loaded: ${status.reason}` : 'The schema is still loading',
      );
    case SyncPhase.Ready:
      return new ToolFailure(ToolFailureCode.Internal, 'No index is adopted');
  }
}
