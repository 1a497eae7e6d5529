/**
 * `discovery indexes [list]` and `discovery indexes delete <index-id...>`:
 * the indexes the token's tenant can see, and deleting them.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import type { CommandContext } from '../cli-context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { INDEX_ID, indexJson, type IndexJson } from '../index-target.js';
import type { Command } from './command.js';

/**
 * The tenant's indexes with their readable names (discovery.v1 ListIndexDetails: the file or URL
 * each schema came from); yoko.v1 ListIndexes, without names, from a service that lacks it.
 */
async function listIndexes(ctx: CommandContext): Promise<(IndexJson & { name?: string })[]> {
  try {
    const { indexes } = await ctx.api().listIndexDetails({}, { signal: ctx.signal });
    const names = new Map(indexes.map((index) => [index.indexId, index.label]));
    const { indexes: plain } = await ctx.client().listIndexes({}, { signal: ctx.signal });
    return plain.map((index) => ({ ...indexJson(index), ...(names.get(index.indexId) ? { name: names.get(index.indexId)! } : {}) }));
  } catch (error) {
    if (!(error instanceof ConnectError) || (error.code !== Code.Unimplemented && error.code !== Code.NotFound)) throw error;
    const { indexes } = await ctx.client().listIndexes({}, { signal: ctx.signal });
    return indexes.map(indexJson);
  }
}

export const indexesCommand: Command = {
  name: 'indexes',
  summary: 'list indexes, or delete some (indexes delete <id...>)',
  usage: `discovery indexes [list]
discovery indexes delete <index-id...>

Lists the indexes your token's tenant can see (name: the file or URL the schema came from; id,
status, symbols, when indexed), or deletes
them. A deleted index is rebuilt when its schema is sent again.`,
  options: {},
  positionals: [0, Number.POSITIVE_INFINITY],
  async run(ctx, _values, [action = 'list', ...ids]) {
    if (action === 'list') {
      if (ids.length > 0) throw new CliError(ExitCode.Usage, '`indexes list` takes no arguments');
      const rows = await listIndexes(ctx);
      ctx.out.result({ indexes: rows });
      if (rows.length === 0) ctx.out.note('No indexes.');
      ctx.out.table(
        rows.map((r) => [r.name ?? '-', r.indexId, `${r.status}${r.stale ? ' (stale)' : ''}`, String(r.symbolCount), r.indexedAt ?? '-', r.error ?? '']),
        rows.length > 0 ? ['NAME', 'INDEX', 'STATUS', 'SYMBOLS', 'INDEXED', 'ERROR'] : undefined,
      );
      return ExitCode.Ok;
    }
    if (action !== 'delete') throw new CliError(ExitCode.Usage, `unknown action "${action}" (list or delete)`);
    if (ids.length === 0) throw new CliError(ExitCode.Usage, '`indexes delete` needs at least one index id');
    const invalid = ids.filter((id) => !INDEX_ID.test(id));
    if (invalid.length > 0) throw new CliError(ExitCode.Usage, `not index ids (sha256: and 64 lowercase hex digits): ${invalid.join(', ')}`);
    for (const indexId of ids) {
      await ctx.client().deleteIndex({ indexId }, { signal: ctx.signal });
      ctx.out.line(`deleted ${indexId}`);
    }
    ctx.out.result({ deleted: ids });
    return ExitCode.Ok;
  },
};
