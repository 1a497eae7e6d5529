/**
 * `discovery index <schema>`: EnsureIndex for a schema file (or `-` for
 * standard input) and wait until it is ready, with a progress line; prints
 * the index id and its symbol count.
 */
import { durationOption } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { ensureIndex, indexJson, readSchema, schemaLabel } from '../index-target.js';
import type { Command } from './command.js';

export const indexCommand: Command = {
  name: 'index',
  summary: 'index a schema file and wait until it is ready',
  usage: `discovery index <schema.graphql | -> [--no-wait] [--timeout 10m]

Sends the schema with EnsureIndex (idempotent: the index id is the SHA-256 of the SDL), named
by the file's path, and waits until the index is ready, showing progress on a terminal. A saved
introspection result (JSON) is read as introspection.
  --no-wait       return at once with the index id and its current status
  --timeout <d>   how long to wait for the build (default 10m)`,
  options: { 'no-wait': { type: 'boolean' }, timeout: { type: 'string' } },
  positionals: [1, 1],
  async run(ctx, values, [path]) {
    const timeoutMs = durationOption('timeout', values['timeout'] as string | undefined, 10 * 60_000);
    const sdl = await readSchema(ctx, path!);
    const index = await ensureIndex(ctx, sdl, { wait: values['no-wait'] !== true, timeoutMs, label: schemaLabel(path!) });
    const json = indexJson(index);
    ctx.out.result(json);
    const symbols = json.status === 'ready' ? `  ${json.symbolCount} symbols` : '';
    ctx.out.line(`${json.indexId}  ${json.status}${json.stale ? ' (stale: rebuilding)' : ''}${symbols}`);
    return ExitCode.Ok;
  },
};
