/**
 * `discovery demand <index|schema> [--limit n]`: GetDemand, the demand report
 * of an index: what agents asked generate_query for and the schema could not
 * give, most frequent first, for the token's tenant.
 */
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { durationOption, integerOption } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { resolveIndexId } from '../index-target.js';
import { stringValue, type Command } from './command.js';

export const demandCommand: Command = {
  name: 'demand',
  summary: 'what agents asked for and the schema could not give (most frequent first)',
  usage: `discovery demand <index-id | schema.graphql> [--limit 20] [--timeout 10m]

Lists the reasons generate_query reported as unsatisfied for this index and your token's tenant,
with how often and when last: the fields and types agents wanted that the schema lacks.`,
  options: { limit: { type: 'string' }, timeout: { type: 'string' } },
  positionals: [1, 1],
  async run(ctx, values, [target]) {
    const limit = integerOption('limit', stringValue(values, 'limit'), 1, 200) ?? 20;
    const timeoutMs = durationOption('timeout', stringValue(values, 'timeout'), 10 * 60_000);
    const indexId = await resolveIndexId(ctx, target!, timeoutMs);
    const { entries } = await ctx.api().getDemand({ indexId, limit }, { signal: ctx.signal });
    const rows = entries.map((entry) => ({
      reason: entry.reason,
      count: Number(entry.count),
      lastSeen: entry.lastSeen ? timestampDate(entry.lastSeen).toISOString() : null,
    }));
    ctx.out.result({ indexId, demand: rows });
    if (rows.length === 0) ctx.out.note('No unsatisfied requests recorded for this index.');
    ctx.out.table(
      rows.map((row) => [String(row.count), row.lastSeen ?? '-', row.reason]),
      rows.length > 0 ? ['COUNT', 'LAST SEEN', 'REASON'] : undefined,
    );
    return ExitCode.Ok;
  },
};
