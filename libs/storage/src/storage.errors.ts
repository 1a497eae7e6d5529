/**
 * StorageError: the one error type the storage adapters throw, with a string
 * code callers map at their edge (Connect, MCP, BullMQ processor). Redis and
 * ioredis failures are translated here, once.
 */

export const StorageErrorCode = {
  /** Redis cannot be reached (down, restarting, connection lost, timed out). Retry later. */
  Unavailable: 'UNAVAILABLE',
  /** Redis refused a write because it is out of memory (maxmemory with noeviction). */
  OutOfMemory: 'OOM',
  /** The caller passed something the store cannot accept (malformed id, empty key, bad TTL). */
  InvalidArgument: 'INVALID_ARGUMENT',
  /** Stored data could not be decoded (written by an incompatible version or damaged). */
  Corrupt: 'CORRUPT',
  /** The store or queue was closed by its owner. */
  Closed: 'CLOSED',
  /** Anything else Redis answered with. */
  Internal: 'INTERNAL',
} as const;

export type StorageErrorCode = (typeof StorageErrorCode)[keyof typeof StorageErrorCode];

export class StorageError extends Error {
  override name = 'StorageError';
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  static is(error: unknown, code?: StorageErrorCode): error is StorageError {
    return error instanceof StorageError && (code === undefined || error.code === code);
  }
}

const UNAVAILABLE_MESSAGES = [
  'Connection is closed',
  'max retries per request',
  "Stream isn't writeable",
  'Command timed out',
  'Connection timeout',
  'connect ETIMEDOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
];

const UNAVAILABLE_REPLIES = ['LOADING', 'READONLY', 'MASTERDOWN', 'BUSY ', 'TRYAGAIN', 'CLUSTERDOWN', 'NOREPLICAS'];

/**
 * Translates anything thrown by ioredis/BullMQ into a StorageError (a StorageError passes through).
 * `operation` names what was attempted; it goes into the message, never keys or values.
 */
export function toStorageError(error: unknown, operation: string): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const sysCode = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (message.startsWith('OOM ') || message.includes('OOM command not allowed')) {
    return new StorageError(StorageErrorCode.OutOfMemory, `${operation}: Redis is out of memory and refuses writes (maxmemory reached)`, { cause: error });
  }
  if (UNAVAILABLE_REPLIES.some((reply) => message.startsWith(reply)) || UNAVAILABLE_MESSAGES.some((text) => message.includes(text) || sysCode === text)) {
    return new StorageError(StorageErrorCode.Unavailable, `${operation}: Redis is unavailable (${message})`, {
      cause: error,
    });
  }
  return new StorageError(StorageErrorCode.Internal, `${operation}: ${message}`, { cause: error });
}

/** Runs `fn`, translating any failure with {@link toStorageError}. */
export async function storageCall<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toStorageError(error, operation);
  }
}
