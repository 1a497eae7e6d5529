/**
 * FileSchemaSource on a real temporary directory: first load, in-place writes, replacement by
 * rename, a missing file, an empty file and one too large to read.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../testing/wait-for.js';
import { FileSchemaSource, MAX_SCHEMA_FILE_BYTES } from './file-schema.source.js';
import type { SchemaSink } from './schema-source.js';

function recordingSink(): SchemaSink & { schemas: string[]; failures: string[] } {
  const schemas: string[] = [];
  const failures: string[] = [];
  return { schemas, failures, schema: (sdl) => schemas.push(sdl), failed: (reason) => failures.push(reason) };
}

describe('FileSchemaSource', () => {
  let dir: string;
  let source: FileSchemaSource | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-schema-'));
  });
  afterEach(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the file and reloads it when it is written or replaced', async () => {
    const path = join(dir, 'schema.graphql');
    await writeFile(path, 'type Query { a: Int }');
    const sink = recordingSink();
    source = new FileSchemaSource(path, { debounceMs: 5 });
    await source.start(sink);
    expect(sink.schemas).toEqual(['type Query { a: Int }']);
    await writeFile(path, 'type Query { b: Int }');
    await waitFor(() => sink.schemas.includes('type Query { b: Int }'), 'the written version');
    await writeFile(join(dir, 'next.tmp'), 'type Query { c: Int }');
    await rename(join(dir, 'next.tmp'), path);
    await waitFor(() => sink.schemas.includes('type Query { c: Int }'), 'the renamed version');
    expect(sink.failures).toEqual([]);
    expect(source.description).toBe(`file ${path}`);
  });

  it('reports a missing file, then loads it once it appears', async () => {
    const path = join(dir, 'later.graphql');
    const sink = recordingSink();
    source = new FileSchemaSource(path, { debounceMs: 5 });
    await source.start(sink);
    expect(sink.failures).toEqual(['the schema file does not exist']);
    await writeFile(path, 'type Query { a: Int }');
    await waitFor(() => sink.schemas.length === 1, 'the new file');
  });

  it('refuses a file over MAX_SCHEMA_FILE_BYTES from its size, before reading it (issue 23 finding 14)', async () => {
    const path = join(dir, 'huge.graphql');
    const file = await open(path, 'w');
    await file.truncate(MAX_SCHEMA_FILE_BYTES + 16 * 1024 * 1024); // sparse: no disk used
    await file.close();
    const sink = recordingSink();
    source = new FileSchemaSource(path);
    await source.start(sink);
    expect(sink.schemas).toEqual([]);
    expect(sink.failures).toEqual([`the schema file is larger than ${MAX_SCHEMA_FILE_BYTES} bytes, the largest this bridge reads`]);
  });

  it('reports an empty file', async () => {
    const path = join(dir, 'empty.graphql');
    await writeFile(path, ' \n ');
    const sink = recordingSink();
    source = new FileSchemaSource(path);
    await source.start(sink);
    expect(sink).toMatchObject({ schemas: [], failures: ['the schema file is empty'] });
  });
});
