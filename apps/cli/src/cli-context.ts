/**
 * What every command gets: the streams and environment (injected, so tests
 * run the CLI in process), output in the chosen format, a lazily created
 * Connect client of `yoko.v1.YokoService` (and one of our `discovery.v1`
 * service) with the bearer token, an abort
 * signal (Ctrl-C) and option parsing helpers.
 */
import type { Readable } from 'node:stream';
import type { Transport } from '@connectrpc/connect';
import { chooseLocalServes, InvalidValue, parseDuration, type Env, type LocalServeCard } from '@discovery/config';
import { createDiscoveryApiClient, createDiscoveryTransport, createYokoClient, type DiscoveryApiClient, type YokoClient } from '@discovery/proto/client';
import { loadCliConfig, type CliConfig } from './cli-config.js';
import { CliError, ExitCode } from './exit-codes.js';
import { Output, type Streams } from './output.js';

export type { DiscoveryApiClient, YokoClient };

export interface CliIo extends Streams {
  readonly env: Env;
  readonly stdin: Readable;
  /** Aborted on Ctrl-C: waits stop and calls are cancelled. */
  readonly signal?: AbortSignal;
}

export interface GlobalOptions {
  readonly json: boolean;
  readonly url?: string;
}

export class CommandContext {
  readonly out: Output;
  readonly signal: AbortSignal;
  private cachedConfig?: CliConfig;
  private localServes?: readonly LocalServeCard[] | undefined;
  private cachedClient?: YokoClient;
  private cachedApi?: DiscoveryApiClient;

  constructor(
    readonly io: CliIo,
    readonly options: GlobalOptions,
  ) {
    this.out = new Output(io, options.json);
    this.signal = io.signal ?? new AbortController().signal;
  }

  config(): CliConfig {
    this.cachedConfig ??= loadCliConfig(this.io.env, this.options.url, this.localServes);
    return this.cachedConfig;
  }

  /** With several local serves' cards, keeps those whose serve answers (issue 23 finding 13); never fails. */
  async prepare(): Promise<void> {
    this.localServes = await chooseLocalServes(this.io.env).catch(() => undefined);
  }

  client(): YokoClient {
    this.cachedClient ??= createYokoClient(this.transport());
    return this.cachedClient;
  }

  /** The discovery.v1 client (GetSchemaSlice) of the same service. */
  api(): DiscoveryApiClient {
    this.cachedApi ??= createDiscoveryApiClient(this.transport());
    return this.cachedApi;
  }

  private transport(): Transport {
    const { url, token } = this.config();
    return createDiscoveryTransport({ baseUrl: url, ...(token !== undefined ? { token } : {}) });
  }

  /** True when a progress line may be drawn (stderr is a terminal and output is for people). */
  get interactive(): boolean {
    return !this.options.json && this.io.stderr.isTTY === true;
  }
}

/** Parses a duration option (`90s`, `10m`, milliseconds) or fails with a usage error naming the option. */
export function durationOption(name: string, raw: string | undefined, fallbackMs: number): number {
  if (raw === undefined) return fallbackMs;
  try {
    return parseDuration(raw);
  } catch (error) {
    if (error instanceof InvalidValue) throw new CliError(ExitCode.Usage, `--${name}: ${error.message}`);
    throw error;
  }
}

/** Parses a positive integer option or fails with a usage error naming it. */
export function integerOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new CliError(ExitCode.Usage, `--${name}: expected a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}
