/**
 * `<index|schema>` arguments: an index id (`sha256:<64 hex>`) is used as is; a
 * schema file (or `-` for standard input; a saved introspection result is read as
 * introspection) is sent with EnsureIndex, named by its path, and waited
 * for until READY, with a progress line on a terminal. Also the JSON shape of
 * an Index for --json output.
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { sdlFromIntrospection } from '@discovery/schema-symbols';
import { setTimeout as sleep } from 'node:timers/promises';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { INDEX_ID_PATTERN, INDEX_LABEL_HEADER, IndexStatus, type Index } from '@discovery/proto';
import type { CommandContext } from './cli-context.js';
import { CliError, ExitCode, toCliError } from './exit-codes.js';
import { ProgressLine } from './progress.js';

/** An index address (the API's pattern). */
export const INDEX_ID = INDEX_ID_PATTERN;
const POLL_MS = 500;
/** Consecutive polls that may fail with a dropped connection before waiting gives up (about 10 s). */
const MAX_DROPPED_POLLS = 20;

export interface IndexJson {
  indexId: string;
  status: 'indexing' | 'ready' | 'failed' | 'unspecified';
  stale: boolean;
  symbolCount: number;
  createdAt: string | null;
  indexedAt: string | null;
  error?: string;
}

function iso(timestamp: Timestamp | undefined): string | null {
  return timestamp ? timestampDate(timestamp).toISOString() : null;
}

export function statusName(status: IndexStatus): IndexJson['status'] {
  switch (status) {
    case IndexStatus.INDEXING:
      return 'indexing';
    case IndexStatus.READY:
      return 'ready';
    case IndexStatus.FAILED:
      return 'failed';
    default:
      return 'unspecified';
  }
}

export function indexJson(index: Index): IndexJson {
  return {
    indexId: index.indexId,
    status: statusName(index.status),
    stale: index.stale,
    symbolCount: Number(index.symbolCount),
    createdAt: iso(index.createdAt),
    indexedAt: iso(index.indexedAt),
    ...(index.error ? { error: index.error } : {}),
  };
}

/** Reads an SDL file, or standard input for `-`. */
export async function readSchema(ctx: CommandContext, path: string): Promise<string> {
  let sdl: string;
  try {
    if (path === '-') {
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      sdl = Buffer.concat(chunks).toString('utf8');
    } else {
      sdl = await readFile(path, 'utf8');
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(ExitCode.Usage, `cannot read the schema ${path === '-' ? 'from standard input' : `file ${path}`} (${code})`);
  }
  if (sdl.trim() === '') throw new CliError(ExitCode.Usage, `the schema ${path === '-' ? 'on standard input' : `file ${path}`} is empty`);
  let converted: string | undefined;
  try {
    converted = sdlFromIntrospection(sdl);
  } catch (error) {
    throw new CliError(ExitCode.Usage, `${path === '-' ? 'standard input' : path}: ${(error as Error).message}`);
  }
  if (converted === undefined) return sdl;
  ctx.out.note(`${path === '-' ? 'standard input' : basename(path)} is an introspection result (JSON): read as introspection and printed as SDL.`);
  return converted;
}

/** The readable name an index gets from the file its schema came from (its absolute path); none for standard input. */
export function schemaLabel(path: string): string | undefined {
  return path === '-' ? undefined : resolve(path);
}

function requireIndex(index: Index | undefined): Index {
  if (!index) throw new CliError(ExitCode.Error, 'the service answered without an index');
  return index;
}

/** One GetIndex poll; a dropped connection (the service busy or restarting) is retried by the next poll, up to MAX_DROPPED_POLLS in a row. */
async function poll(ctx: CommandContext, indexId: string, dropped: { count: number }): Promise<Index | undefined> {
  try {
    const index = requireIndex((await ctx.client().getIndex({ indexId }, { signal: ctx.signal })).index);
    dropped.count = 0;
    return index;
  } catch (error) {
    const failure = toCliError(error, ctx.config().url);
    if (failure.exitCode !== ExitCode.Unavailable || ctx.signal.aborted || ++dropped.count > MAX_DROPPED_POLLS) throw error;
    return undefined;
  }
}

/** Polls GetIndex until the index is READY (returned), FAILED (exit 6) or `timeoutMs` passes (exit 7). */
export async function waitUntilReady(ctx: CommandContext, first: Index, timeoutMs: number): Promise<Index> {
  const progress = new ProgressLine(ctx.io.stderr, ctx.interactive);
  const deadline = Date.now() + timeoutMs;
  const dropped = { count: 0 };
  let index = first;
  try {
    while (index.status === IndexStatus.INDEXING) {
      if (Date.now() >= deadline) {
        throw new CliError(
          ExitCode.Timeout,
          `index ${index.indexId} is still building after ${Math.round(timeoutMs / 1000)}s (raise --timeout, or check it later with \`discovery indexes\`)`,
        );
      }
      progress.update(`indexing ${index.indexId.slice(0, 19)}…`);
      await sleep(Math.min(POLL_MS, Math.max(deadline - Date.now(), 0)), undefined, { signal: ctx.signal });
      index = (await poll(ctx, index.indexId, dropped)) ?? index;
    }
  } finally {
    progress.done();
  }
  if (index.status === IndexStatus.FAILED) {
    throw new CliError(ExitCode.IndexNotReady, `index ${index.indexId} failed to build: ${index.error || 'no reason given'}`, 'index_failed');
  }
  if (index.status !== IndexStatus.READY) {
    throw new CliError(ExitCode.Error, `index ${index.indexId} is in an unknown state (${index.status})`);
  }
  return index;
}

/** EnsureIndex for `sdl` (with its readable name), then (unless `wait` is false) wait until it is READY. */
export async function ensureIndex(ctx: CommandContext, sdl: string, options: { wait: boolean; timeoutMs: number; label?: string | undefined }): Promise<Index> {
  const headers = options.label ? { [INDEX_LABEL_HEADER]: encodeURIComponent(options.label) } : undefined;
  const index = requireIndex((await ctx.client().ensureIndex({ sdl }, { signal: ctx.signal, ...(headers ? { headers } : {}) })).index);
  return options.wait ? waitUntilReady(ctx, index, options.timeoutMs) : index;
}

/** The index id a `<index|schema>` argument stands for, indexing the schema first when it is a file. */
export async function resolveIndexId(ctx: CommandContext, target: string, timeoutMs: number): Promise<string> {
  if (target.startsWith('sha256:')) {
    if (!INDEX_ID.test(target)) throw new CliError(ExitCode.Usage, `${target} is not an index id (sha256: and 64 lowercase hex digits)`);
    return target;
  }
  const index = await ensureIndex(ctx, await readSchema(ctx, target), { wait: true, timeoutMs, label: schemaLabel(target) });
  return index.indexId;
}
