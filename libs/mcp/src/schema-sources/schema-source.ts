/**
 * Where the bridge gets its schema: a file, a GraphQL endpoint by introspection, or a fixed SDL.
 * A source pushes every version it loads to its sink; a failure to load is reported with a short,
 * secret-free reason and never stops the source.
 */
export interface SchemaSink {
  /** A loaded SDL (possibly unchanged; the index sync ignores repeats). */
  schema(sdl: string): void;
  /** Loading failed; `reason` is one short sentence without secrets. */
  failed(reason: string): void;
  /** Something people should know about how the schema was read (one plain sentence). */
  note?(text: string): void;
}

export interface SchemaSource {
  /** For logs, e.g. `file ./schema.graphql`; never holds a secret. */
  readonly description: string;
  /** The readable name the index gets (EnsureIndex's label header): the file's path, or the URL introspected. */
  readonly label?: string;
  /** Loads the schema once (reporting to the sink) and keeps watching it until closed. */
  start(sink: SchemaSink): Promise<void>;
  close(): Promise<void>;
}

/** A schema given as text; never changes. */
export class StaticSchemaSource implements SchemaSource {
  readonly description = 'static schema';

  constructor(private readonly sdl: string) {}

  async start(sink: SchemaSink): Promise<void> {
    if (/\S/.test(this.sdl)) sink.schema(this.sdl);
    else sink.failed('the schema is empty');
  }

  async close(): Promise<void> {}
}
