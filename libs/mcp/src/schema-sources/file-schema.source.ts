/**
 * A schema read from an SDL file (or a saved introspection result, read as introspection) and read again whenever the file changes. The directory is
 * watched (not the file), so editors and deploy tools that replace the file by renaming are seen.
 */
import { watch, type FSWatcher } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { sdlFromIntrospection } from '@discovery/schema-symbols';
import { silentLogger, type BridgeLogger } from '../logger.js';
import type { SchemaSink, SchemaSource } from './schema-source.js';

/**
 * Largest schema file read (an SDL, or an introspection result, which is several times larger than
 * its SDL): over it the file is refused from its size alone, before a byte is read (issue 23
 * finding 14; a 400 MB file used to be read whole, 1.77 GB resident). The service refuses SDL over
 * its own MAX_SDL_BYTES anyway.
 */
export const MAX_SCHEMA_FILE_BYTES = 64 * 1024 * 1024;

export interface FileSchemaSourceOptions {
  /** Wait this long after the last change event before reading (default 100 ms). */
  debounceMs?: number;
  /** Largest file read (default MAX_SCHEMA_FILE_BYTES). */
  maxBytes?: number;
  logger?: BridgeLogger;
}

export class FileSchemaSource implements SchemaSource {
  readonly description: string;
  readonly label: string;
  private readonly path: string;
  private readonly debounceMs: number;
  private readonly maxBytes: number;
  private readonly logger: BridgeLogger;
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  private reading: Promise<void> = Promise.resolve();

  constructor(path: string, options: FileSchemaSourceOptions = {}) {
    this.path = resolve(path);
    this.description = `file ${this.path}`;
    this.label = this.path;
    this.debounceMs = options.debounceMs ?? 100;
    this.maxBytes = options.maxBytes ?? MAX_SCHEMA_FILE_BYTES;
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
      const read = await this.readBounded();
      if (read === undefined) {
        const reason = `the schema file is larger than ${this.maxBytes} bytes, the largest this bridge reads`;
        this.logger.warn({ path: this.path, maxBytes: this.maxBytes }, reason);
        sink.failed(reason);
        return;
      }
      sdl = read;
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

  /** The file's text, or undefined when it is larger than maxBytes (known from its size; a file growing meanwhile is read again on its change event). */
  private async readBounded(): Promise<string | undefined> {
    const handle = await open(this.path, 'r');
    try {
      const { size } = await handle.stat();
      if (size > this.maxBytes) return undefined;
      const buffer = Buffer.alloc(size);
      let length = 0;
      while (length < size) {
        const { bytesRead } = await handle.read(buffer, length, size - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      return buffer.subarray(0, length).toString('utf8');
    } finally {
      await handle.close();
    }
  }
}
