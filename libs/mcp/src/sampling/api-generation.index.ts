/**
 * A GenerationIndex for the bridge, which holds no index: search goes to the
 * discovery API (SearchSchema, ranked as the generator would see it), while
 * the schema (validation, slicing, the composer's draft) and the symbols the
 * hits are read as come from the SDL the bridge itself serves, built once per
 * index and kept for the two latest indexes.
 */
import type { GenerationHit, GenerationIndex, GenerationSearchRequest } from '@discovery/generation';
import { buildSchemaFromSdl, extractSymbols, type SchemaSymbol } from '@discovery/schema-symbols';
import type { GraphQLSchema } from 'graphql';
import type { DiscoveryClient } from '../tool-definition.js';

export interface LocalSchema {
  schema: GraphQLSchema;
  symbols: ReadonlyMap<string, SchemaSymbol>;
}

/** The schemas built from served SDL, by index id (the two latest). */
export class LocalSchemas {
  private readonly built = new Map<string, LocalSchema>();

  of(indexId: string, sdl: string): LocalSchema {
    let local = this.built.get(indexId);
    if (!local) {
      const { schema } = buildSchemaFromSdl(sdl);
      local = { schema, symbols: new Map(extractSymbols(schema).map((symbol) => [symbol.coordinate, symbol])) };
      this.built.set(indexId, local);
      for (const key of this.built.keys()) if (this.built.size > 2 && key !== indexId) this.built.delete(key);
    }
    return local;
  }
}

export class ApiGenerationIndex implements GenerationIndex {
  constructor(
    private readonly local: LocalSchema,
    private readonly client: DiscoveryClient,
    private readonly indexId: string,
    private readonly signal: AbortSignal,
  ) {}

  get schema(): GraphQLSchema {
    return this.local.schema;
  }

  async search(request: GenerationSearchRequest): Promise<GenerationHit[]> {
    const { hits } = await this.client.searchSchema(
      {
        indexId: this.indexId,
        query: request.query,
        limit: request.limit ?? 10,
        kinds: request.kinds ?? [],
        roots: request.roots ?? [],
        ...(request.parent ? { parent: request.parent } : {}),
        ...(request.paginated !== undefined ? { paginated: request.paginated } : {}),
      },
      { signal: this.signal },
    );
    return hits.flatMap((hit) => {
      const symbol = this.local.symbols.get(hit.coordinate);
      return symbol ? [{ symbol, score: hit.score }] : [];
    });
  }

  async getSymbols(coordinates: string[]): Promise<SchemaSymbol[]> {
    return coordinates.flatMap((coordinate) => this.local.symbols.get(coordinate) ?? []);
  }
}
