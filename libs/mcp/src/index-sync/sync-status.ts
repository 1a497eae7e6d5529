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

/** `schema`: the SDL is wrong (fails again until it changes); `limit`: over a configured cap; `internal`: retried. */
export type BuildFailureKind = 'schema' | 'limit' | 'internal';

export interface SyncStatus {
  phase: SyncPhase;
  /** The index tools use, once one is READY. */
  servingIndexId?: string;
  /** The index of the latest schema while it is not adopted yet. */
  pendingIndexId?: string;
  /** A short, secret-free reason for the phase (failure, source error). */
  reason?: string;
  /** How the schema was read, for people (e.g. an introspection file converted to SDL). */
  notice?: string;
  /** For Failed and Rejected: whether the schema itself, a configured cap or something else failed. */
  failureKind?: BuildFailureKind;
  /** Symbols of the serving index (from the GetIndex that found it READY). */
  symbolCount?: number;
  /** Where the discovery service is (credentials removed), for texts that name it. */
  serviceUrl?: string;
}

/** The failure a tool call gets when there is no adopted index, by phase. */
export function failureForPhase(status: SyncStatus): ToolFailure {
  switch (status.phase) {
    case SyncPhase.Indexing:
      return new ToolFailure(ToolFailureCode.Building);
    case SyncPhase.Ensuring:
      // Nothing is known to build until the service has accepted the schema.
      return new ToolFailure(
        ToolFailureCode.NotReady,
        status.serviceUrl ? `The schema is being sent to the discovery service at ${status.serviceUrl}` : 'The schema is being sent to the discovery service',
      );
    case SyncPhase.Unreachable:
      return new ToolFailure(ToolFailureCode.Unreachable, status.reason ?? triedText(status.serviceUrl));
    case SyncPhase.Unauthorized:
      return new ToolFailure(ToolFailureCode.Misconfigured);
    case SyncPhase.Failed:
    case SyncPhase.Rejected:
      return failedBuild(status);
    case SyncPhase.TimedOut:
      return new ToolFailure(ToolFailureCode.NotReady, 'Indexing is taking longer than expected');
    case SyncPhase.WaitingForSchema:
      return new ToolFailure(ToolFailureCode.NotReady, status.reason ? `The schema could not be loaded: ${status.reason}` : 'The schema is still loading');
    case SyncPhase.Ready:
      return new ToolFailure(ToolFailureCode.Internal, 'No index is adopted');
  }
}

/** The detail sentence naming the URL an unreachable service (the indexer) was tried at. */
export function triedText(serviceUrl: string | undefined): string | undefined {
  return serviceUrl ? `Tried the indexer at ${serviceUrl}; is it running?` : undefined;
}

/** A URL fit to show: no user name or password. Unparseable input is not shown. */
export function displayUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/**
 * A failed build's text: a schema that is wrong is "The request is not valid." (retrying cannot
 * help; the reason says where), a configured cap is the operator's ("not configured correctly",
 * naming the cap), and only a failure of something else is "not ready" and retried.
 */
function failedBuild(status: SyncStatus): ToolFailure {
  const reason = status.reason ?? 'The index build failed';
  if (status.failureKind === 'schema') return new ToolFailure(ToolFailureCode.InvalidRequest, reason);
  if (status.failureKind === 'limit') return new ToolFailure(ToolFailureCode.Misconfigured, reason);
  return new ToolFailure(ToolFailureCode.NotReady, 'The index build failed and is retried');
}
