/**
 * Request ids carried through async work with AsyncLocalStorage: the API edge
 * runs each call in withRequestId(), jobs carry the id in their data and run
 * their handler in withRequestId() again, and every log line written inside
 * gets `requestId` (see createLogger).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  readonly requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Header that carries a request id between services. */
export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function newRequestId(): string {
  return randomUUID();
}

/** A caller-supplied id if it is safe to log (1-128 of A-Z a-z 0-9 . _ : -), else a new one. */
export function acceptRequestId(candidate: string | null | undefined): string {
  return candidate !== null && candidate !== undefined && VALID_ID.test(candidate) ? candidate : newRequestId();
}

/** Runs `fn` with `requestId` (a new one when undefined) as the current request id. */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: acceptRequestId(requestId) }, fn);
}

/** The request id of the current async context, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
