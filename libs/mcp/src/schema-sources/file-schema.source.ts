/**
 * A schema read from an SDL file (or a saved introspection result, read as introspection) and read again whenever the file changes. The directory is
 * watched (not the file), so editors and deploy tools that replace the file by renaming are seen.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { sdlFromIntrospection } from '@discovery/schema-symbols';
import { silentLogger, type BridgeLogger } from '../logger.js';
import type { SchemaSink, SchemaSource } from './schema-source.js';

export interface FileSchemaSourceOptions {
  /** Wait this long after the last change event before reading (default 100 ms). */
  debounceMs?: number;
  logger?: BridgeLogger;
}

export class FileSchemaSource implements SchemaSource {
  readonly description: string;
  readonly label: string;
  private readonly path: string;
  private readonly debounceMs: number;
  private readonly logger: BridgeLogger;
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  private reading: Promise<void> = Promise.resolve();

  constructor(path: string, options: FileSchemaSourceOptions = {}) {
    this.path = resolve(path);
    this.description = `file ${this.path}`;
    this.label = this.path;
    this.debounceMs = options.debounceMs ?? 100;
    this.logger = options.logger ?? silentLogger;
  }

  async start(sink: SchemaSink): Promise<void> {
    const name = basename(this.path);
    try {
      this.watcher = watch(dirname(this.path), { persistent: false }, (_event, file) => {
        if (file === null || file === name) this.schedule(sink);
      });
      this.watcher.on('error', (error) => this.logger.warn({ path: this.path, error: error.message }, 'schema file watch failed'));
    } catch (error) {
      this.logger.warn({ path: this.path, error: (error as Error).message }, 'cannot watch the schema file: changes will not be seen');
    }
    await this.load(sink);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
    await this.reading;
  }

  private schedule(sink: SchemaSink): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.reading = this.reading.then(() => this.load(sink));
    }, this.debounceMs);
    this.timer.unref();
  }

  private async load(sink: SchemaSink): Promise<void> {
    let sdl: string;
    try {
      sdl = await readFile(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'the schema file does not exist' : `the schema file cannot be read (${code ?? 'error'})`;
      this.logger.warn({ path: this.path, code }, reason);
      sink.failed(reason);
      return;
    }
    if (!/\S/.test(sdl)) {
      this.logger.warn({ path: this.path }, 'the schema file is empty');
      sink.failed('the schema file is empty');
      return;
    }
    let converted: string | undefined;
    try {
      converted = sdlFromIntrospection(sdl);
    } catch (error) {
      sink.failed((error as Error).message);
      return;
    }
    if (converted !== undefined) sink.note?.(`${basename(this.path)} is an introspection result (JSON): read as introspection and printed as SDL.`);
    sink.schema(converted ?? sdl);
  }
}
