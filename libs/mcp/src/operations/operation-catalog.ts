/**
 * The operation tools being served: the files of the operations folder compiled against the latest
 * schema (docs/wire.md §5). The folder is watched (node's recursive fs.watch): an added, changed or
 * removed file rescans it, and a new schema compiles every operation again; listeners hear of every
 * change of the tool list (the bridge then sends notifications/tools/list_changed). Skipped files are
 * logged once per distinct problem, never with their text.
 */
import { watch, type FSWatcher } from 'node:fs';
import { buildSchemaFromSdl } from '@discovery/schema-symbols';
import type { GraphQLSchema } from 'graphql';
import { silentLogger, type BridgeLogger } from '../logger.js';
import { compileOperations, type OperationFile } from './operation-compiler.js';
import { readOperationFiles } from './operation-files.reader.js';
import type { OperationTool, SkippedOperation } from './operation-tool.js';

export interface OperationCatalogOptions {
  /** Undefined: no operation tools (the catalog still holds the schema for the built-in tools). */
  dir: string | undefined;
  omitToolNamePrefix: boolean;
  excludeMutations: boolean;
  /** Tool names operations may not take. */
  reserved: ReadonlySet<string>;
  /** Wait this long after the last change event before rescanning (default 50 ms). */
  debounceMs?: number;
  logger?: BridgeLogger;
}

export class OperationCatalog {
  private readonly logger: BridgeLogger;
  private readonly listeners = new Set<() => void>();
  private files: OperationFile[] = [];
  private current = { sdl: undefined as string | undefined, schema: undefined as GraphQLSchema | undefined };
  private compiled: OperationTool[] = [];
  private byName = new Map<string, OperationTool>();
  private signature = '[]';
  private reported = new Set<string>();
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  private work: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: OperationCatalogOptions) {
    this.logger = options.logger ?? silentLogger;
  }

  /** Reads the folder once and keeps watching it. */
  async start(): Promise<void> {
    const dir = this.options.dir;
    if (dir === undefined) return;
    try {
      this.watcher = watch(dir, { recursive: true, persistent: false }, () => this.schedule());
      this.watcher.on('error', (error) => this.logger.warn({ dir, error: error.message }, 'operations folder watch failed'));
    } catch (error) {
      this.logger.warn({ dir, error: (error as Error).message }, 'cannot watch the operations folder: changes need a restart');
    }
    await this.reload();
  }

  /** Rescans the folder now (also what a change event does). */
  reload(): Promise<void> {
    return this.enqueue(() => this.rescan());
  }

  /** A schema from the schema source: every operation is compiled against it again. */
  setSchema(sdl: string): void {
    if (sdl === this.current.sdl || this.closed) return;
    let schema: GraphQLSchema;
    try {
      schema = buildSchemaFromSdl(sdl).schema;
    } catch (error) {
      this.logger.warn({ error: (error as Error).message.split('\n')[0] }, 'operation tools keep the previous schema: the new one does not build');
      return;
    }
    this.current = { sdl, schema };
    void this.enqueue(async () => this.recompile());
  }

  /** Resolves once the pending reads and compilations are done (tests, the CLI). */
  settled(): Promise<void> {
    return this.work;
  }

  tools(): readonly OperationTool[] {
    return this.compiled;
  }

  get(name: string): OperationTool | undefined {
    return this.byName.get(name);
  }

  /** The operation by its operation name (get_operation_info). */
  byOperationName(operationName: string): OperationTool | undefined {
    return this.compiled.find((tool) => tool.operationName === operationName);
  }

  sdl(): string | undefined {
    return this.current.sdl;
  }

  /** Called after every change of the tool list. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
    this.listeners.clear();
    await this.work;
  }

  /** Runs `step` after the pending ones; a failure is logged and never stops later steps. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.work = this.work.then(step).catch((error: unknown) => {
      this.logger.error({ dir: this.options.dir, error: (error as Error).message }, 'loading the operation tools failed');
    });
    return this.work;
  }

  private schedule(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reload(), this.options.debounceMs ?? 50);
    this.timer.unref();
  }

  private async rescan(): Promise<void> {
    if (this.closed || this.options.dir === undefined) return;
    this.files = await readOperationFiles(this.options.dir);
    this.recompile();
  }

  private recompile(): void {
    const schema = this.current.schema;
    if (this.closed || schema === undefined || this.options.dir === undefined) return;
    const { tools, skipped } = compileOperations(this.files, schema, this.options);
    this.report(skipped);
    const signature = JSON.stringify(tools);
    if (signature === this.signature) return;
    this.signature = signature;
    this.compiled = tools;
    this.byName = new Map(tools.map((tool) => [tool.name, tool]));
    this.logger.info({ tools: tools.length, skipped: skipped.length }, 'operation tools loaded');
    for (const listener of this.listeners) listener();
  }

  private report(skipped: SkippedOperation[]): void {
    const now = new Set<string>();
    for (const entry of skipped) {
      const key = `${entry.file}\0${entry.reason}\0${entry.detail}`;
      now.add(key);
      if (this.reported.has(key) || entry.reason === 'excluded') continue;
      this.logger.error({ file: entry.file, operation: entry.operationName, reason: entry.reason, detail: entry.detail }, 'operation skipped');
    }
    this.reported = now;
  }
}
