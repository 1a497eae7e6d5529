/**
 * `discovery symbols <index|schema> <coordinate...>`: GetSymbols, printing
 * each record; coordinates the index does not know are reported on stderr
 * and make the exit code 3.
 */
import { durationOption } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { resolveIndexId } from '../index-target.js';
import { decodeRecord } from '../records.js';
import { unansweredCoordinates } from '../unanswered-coordinates.js';
import { stringValue, type Command } from './command.js';

export const symbolsCommand: Command = {
  name: 'symbols',
  summary: 'read symbols by coordinate (e.g. field:Query.employees)',
  usage: `discovery symbols <index-id | schema.graphql> <coordinate...> [--timeout 10m]

Prints the record of each coordinate (object:Query, field:Employee.details, enum:Mood, ...,
or a plain name that names one element: Employee.details, Employee, Query.employee(id:))
in the order asked. Unknown coordinates are listed on stderr and end with exit code 3.`,
  options: { timeout: { type: 'string' } },
  positionals: [2, Number.POSITIVE_INFINITY],
  async run(ctx, values, [target, ...coordinates]) {
    const timeoutMs = durationOption('timeout', stringValue(values, 'timeout'), 10 * 60_000);
    const indexId = await resolveIndexId(ctx, target!, timeoutMs);
    const response = await ctx.client().getSymbols({ indexId, coordinates }, { signal: ctx.signal });
    const symbols = response.symbols.map((s) => ({ coordinate: s.coordinate, record: decodeRecord(s.payload, s.coordinate) }));
    const missing = unansweredCoordinates(
      coordinates,
      symbols.map((s) => s.coordinate),
    );
    ctx.out.result({ indexId, symbols, missing });
    for (const symbol of symbols) {
      ctx.out.line(symbol.coordinate);
      ctx.out.line(JSON.stringify(symbol.record, null, 2).replace(/^/gm, '  '));
    }
    if (missing.length > 0) ctx.out.note(`Not in this index: ${missing.join(', ')}`);
    return missing.length > 0 ? ExitCode.NotFound : ExitCode.Ok;
  },
};
