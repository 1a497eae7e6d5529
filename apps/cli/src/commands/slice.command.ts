/**
 * `discovery slice <index|schema> <topic>`: GetSchemaSlice (discovery.v1),
 * the part of the schema an operation for the topic needs, printed as SDL
 * (or, with --json, the SDL with its tokens, coordinates and truncation).
 */
import { durationOption, integerOption } from '../cli-context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { resolveIndexId } from '../index-target.js';
import { listValue, stringValue, type Command } from './command.js';

export const sliceCommand: Command = {
  name: 'slice',
  summary: 'print the part of a schema an operation for a topic needs, within a token budget',
  usage: `discovery slice <index-id | schema.graphql> <topic...> [options]

  --max-tokens <n>  budget in o200k tokens, 200 to 32000 (default 8000)
  --root <r>        root operations to start from (repeatable): query, mutation, subscription
                    (any case), or the schema's root type names (default: query)
  --timeout <d>     how long to wait when the schema has to be indexed first (default 10m)`,
  options: {
    'max-tokens': { type: 'string' },
    root: { type: 'string', multiple: true },
    timeout: { type: 'string' },
  },
  positionals: [2, Number.POSITIVE_INFINITY],
  async run(ctx, values, [target, ...words]) {
    const query = words.join(' ').trim();
    if (query === '') throw new CliError(ExitCode.Usage, 'the topic is empty');
    const maxTokens = integerOption('max-tokens', stringValue(values, 'max-tokens'), 200, 32_000) ?? 0;
    const timeoutMs = durationOption('timeout', stringValue(values, 'timeout'), 10 * 60_000);
    const indexId = await resolveIndexId(ctx, target!, timeoutMs);
    const slice = await ctx.api().getSchemaSlice({ indexId, query, maxTokens, roots: listValue(values, 'root') }, { signal: ctx.signal });
    ctx.out.result({ indexId, sdl: slice.sdl, tokens: slice.tokens, coordinates: slice.coordinates, truncated: slice.truncated });
    ctx.out.line(slice.sdl);
    ctx.out.note(`${slice.tokens} tokens${slice.truncated ? '; relevant parts were left out for the budget (raise --max-tokens)' : ''}`);
    return ExitCode.Ok;
  },
};
