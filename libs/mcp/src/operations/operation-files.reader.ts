/**
 * Reads the operation files of a folder: every `.graphql` and `.gql` file under it, subfolders
 * included (docs/wire.md §5), as paths relative to the folder with `/` separators. A file that cannot
 * be read, or is larger than MAX_OPERATION_FILE_BYTES, is returned with the reason instead of its text.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { OperationFile } from './operation-compiler.js';

/** Largest operation file read; an operation is a few KiB. */
export const MAX_OPERATION_FILE_BYTES = 256 * 1024;
/** Most files read from one folder. */
export const MAX_OPERATION_FILES = 2_000;

export function isOperationFile(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return ext === '.graphql' || ext === '.gql';
}

export async function readOperationFiles(dir: string): Promise<OperationFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && isOperationFile(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .slice(0, MAX_OPERATION_FILES);
  return Promise.all(paths.map((path) => readOne(dir, path)));
}

async function readOne(dir: string, path: string): Promise<OperationFile> {
  const file = relative(dir, path).split(sep).join('/');
  try {
    const size = (await stat(path)).size;
    if (size > MAX_OPERATION_FILE_BYTES) return { file, error: `larger than ${MAX_OPERATION_FILE_BYTES} bytes` };
    return { file, text: await readFile(path, 'utf8') };
  } catch (error) {
    return { file, error: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}
