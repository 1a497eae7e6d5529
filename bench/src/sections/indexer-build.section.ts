/**
 * Bench section `indexer-build`: index build speed and footprint through the
 * real indexer (child process, Redis, BullMQ, bundled static embeddings):
 * cold builds of the GitHub and Shopify Admin schemas (symbols/s, SDL
 * lines/s, against Cosmo's reference of about 670 lines/s), the rebuild of the
 * same schema with 1 % of its fields changed (embedding cache warm; then two
 * more 1 % edits, as a long-running indexer sees them, the third reported), Redis
 * bytes per symbol, and the indexer's resident memory with the indexes warm.
 * Next to wall times, the CPU time the indexer process spent on each build
 * (all its threads, from /proc): on a shared machine that is the figure that
 * does not move with the load.
 * Options after `--`: `--embeddings <provider>` (default static).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerSection, type BenchContext, type SectionResult } from '../bench-section.js';
import { buildIndex, redisBytes, startIndexerProcess } from '../indexer/indexer-process.js';
import { changeOnePercentOfFields } from '../indexer/schema-edits.js';

const COSMO_LINES_PER_SECOND = 670;
const SCHEMAS = ['github', 'shopify'];

function option(args: readonly string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

async function run(context: BenchContext): Promise<SectionResult> {
  const provider = option(context.args, '--embeddings', 'static');
  const indexer = await startIndexerProcess({ EMBEDDINGS_PROVIDER: provider });
  const rows: (string | number)[][] = [];
  const data: Record<string, unknown>[] = [];
  try {
    const rssIdle = await indexer.rss();
    for (const schemaId of SCHEMAS) {
      const sdl = await readFile(join(context.dataDir, 'search/schemas', `${schemaId}.graphql`), 'utf8');
      const lines = sdl.split('\n').length;
      context.log(`${schemaId}: cold build (${lines} lines)`);
      const cpuBefore = await indexer.cpuMs();
      const cold = await buildIndex(indexer.client, sdl);
      const cpuCold = await indexer.cpuMs();
      const edited = changeOnePercentOfFields(sdl);
      context.log(`${schemaId}: rebuild with ${edited.changed} fields changed`);
      const rebuild = await buildIndex(indexer.client, edited.sdl);
      const cpuRebuild = await indexer.cpuMs();
      const coldCpuSeconds = (cpuCold - cpuBefore) / 1000;
      const rebuildCpuSeconds = (cpuRebuild - cpuCold) / 1000;
      // A long-running indexer: two more 1 % edits (other fields each time); the last is reported.
      let steady = rebuild;
      for (const offset of [33, 66]) steady = await buildIndex(indexer.client, changeOnePercentOfFields(sdl, offset).sdl);
      await indexer.client.searchSchema({ indexId: cold.indexId, query: 'warm up', limit: 5 });
      const hex = cold.indexId.slice('sha256:'.length);
      const stored = await redisBytes(`${indexer.prefix}idx:{${hex}}:*`);
      const figures = {
        schemaId,
        lines,
        symbols: cold.symbols,
        coldSeconds: cold.seconds,
        symbolsPerSecond: cold.symbols / cold.seconds,
        linesPerSecond: lines / cold.seconds,
        changedFields: edited.changed,
        rebuildSeconds: rebuild.seconds,
        rebuildRatio: rebuild.seconds / cold.seconds,
        steadyRebuildSeconds: steady.seconds,
        steadyRebuildRatio: steady.seconds / cold.seconds,
        coldCpuSeconds,
        rebuildCpuSeconds,
        rebuildCpuRatio: rebuildCpuSeconds / coldCpuSeconds,
        redisBytesPerSymbol: stored.bytes / cold.symbols,
      };
      data.push(figures);
      rows.push([
        schemaId,
        lines,
        cold.symbols,
        round(cold.seconds),
        Math.round(figures.symbolsPerSecond),
        Math.round(figures.linesPerSecond),
        round(figures.linesPerSecond / COSMO_LINES_PER_SECOND),
        round(rebuild.seconds),
        round(figures.rebuildRatio),
        round(steady.seconds),
        round(figures.steadyRebuildRatio),
        round(coldCpuSeconds),
        round(rebuildCpuSeconds),
        round(figures.rebuildCpuRatio),
        Math.round(figures.redisBytesPerSymbol),
      ]);
    }
    const embeddings = await redisBytes(`${indexer.prefix}emb:*`);
    const rssWarm = await indexer.rss();
    return {
      tables: [
        {
          title: `Index builds through the indexer (embeddings: ${provider}; Cosmo reference ${COSMO_LINES_PER_SECOND} lines/s)`,
          columns: [
            'schema',
            'lines',
            'symbols',
            'cold s',
            'symbols/s',
            'lines/s',
            'x Cosmo',
            'rebuild 1% s',
            'rebuild/cold',
            'third rebuild s',
            'third/cold',
            'cold CPU s',
            'rebuild CPU s',
            'rebuild/cold CPU',
            'Redis B/symbol',
          ],
          rows,
        },
        {
          title: 'Footprint',
          columns: ['measure', 'value'],
          rows: [
            ['indexer RSS idle (MiB)', mib(rssIdle)],
            ['indexer RSS, both indexes warm (MiB)', mib(rssWarm)],
            ['embedding cache in Redis (MiB)', mib(embeddings.bytes)],
            ['embedding cache entries', embeddings.keys],
          ],
        },
      ],
      data: { provider, schemas: data, rssIdle, rssWarm, embeddingCache: embeddings },
    };
  } finally {
    await indexer.stop();
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function mib(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

registerSection({
  name: 'indexer-build',
  description: 'cold build and 1 % rebuild of GitHub and Shopify Admin through the indexer; Redis bytes per symbol; RSS',
  run,
});
