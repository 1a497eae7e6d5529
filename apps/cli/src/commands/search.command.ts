/**
 * `discovery search <index|schema> <topic>`: SearchSchema, printed as a table
 * of score, coordinate, type and description (or the hits with decoded
 * records as JSON).
 */
import { durationOption, integerOption } from '../cli-context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { resolveIndexId } from '../index-target.js';
import { oneLine } from '../output.js';
import { decodeRecord, recordSummary } from '../records.js';
import { listValue, stringValue, type Command } from './command.js';

export const searchCommand: Command = {
  name: 'search',
  summary: 'search a schema for a topic',
  usage: `discovery search <index-id | schema.graphql> <topic...> [options]

  --limit <n>       at most n hits (default: the service's)
  --kind <k>        only these kinds (repeatable): object, interface, union, enum, scalar,
                    input, field, input_field, path
  --parent <t>      only members of this type: object:Order, Order, or a root by its operation
                    (query, mutation, subscription: any case, whatever the schema calls it)
  --root <r>        only what is reachable from these roots (repeatable): query, mutation,
                    subscription (any case), or the schema's root type names
  --paginated       only Relay connection fields; --no-paginated: none of them
  --timeout <d>     how long to wait when the schema has to be indexed first (default 10m)`,
  options: {
    limit: { type: 'string' },
    kind: { type: 'string', multiple: true },
    parent: { type: 'string' },
    root: { type: 'string', multiple: true },
    paginated: { type: 'boolean' },
    'no-paginated': { type: 'boolean' },
    timeout: { type: 'string' },
  },
  positionals: [2, Number.POSITIVE_INFINITY],
  async run(ctx, values, [target, ...words]) {
    const query = words.join(' ').trim();
    if (query === '') throw new CliError(ExitCode.Usage, 'the topic is empty');
    if (values['paginated'] === true && values['no-paginated'] === true) {
      throw new CliError(ExitCode.Usage, '--paginated and --no-paginated exclude each other');
    }
    const limit = integerOption('limit', stringValue(values, 'limit'), 1, 1000) ?? 0;
    const timeoutMs = durationOption('timeout', stringValue(values, 'timeout'), 10 * 60_000);
    const indexId = await resolveIndexId(ctx, target!, timeoutMs);
    const paginated = values['paginated'] === true ? true : values['no-paginated'] === true ? false : undefined;
    const parent = stringValue(values, 'parent');
    const response = await ctx.client().searchSchema(
      {
        indexId,
        query,
        limit,
        kinds: listValue(values, 'kind'),
        roots: listValue(values, 'root'),
        ...(parent !== undefined ? { parent } : {}),
        ...(paginated !== undefined ? { paginated } : {}),
      },
      { signal: ctx.signal },
    );
    const hits = response.hits.map((hit) => ({ coordinate: hit.coordinate, score: hit.score, record: decodeRecord(hit.payload, hit.coordinate) }));
    ctx.out.result({ indexId, hits });
    if (hits.length === 0) ctx.out.note('No matches.');
    ctx.out.table(
      hits.map((hit) => {
        const { type, description } = recordSummary(hit.record);
        return [hit.score.toFixed(3), hit.coordinate, type, oneLine(description, 100)];
      }),
      hits.length > 0 ? ['SCORE', 'COORDINATE', 'TYPE', 'DESCRIPTION'] : undefined,
    );
    return ExitCode.Ok;
  },
};
