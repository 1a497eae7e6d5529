/**
 * envVar: one environment variable as a zod schema plus its documentation.
 * The raw default lives here and nowhere else: it is applied with zod's
 * `prefault` (parsed like a value the operator wrote) and shown by
 * configTable() and `.env.example`. An invalid value becomes one zod issue
 * saying what is expected; secrets are never echoed.
 */
import { z } from 'zod';
import { InvalidValue } from './value-parsers.js';

export interface EnvVarSpec<T> {
  readonly name: string;
  /** What it does, for the README table and `.env.example`. */
  readonly meaning: string;
  /** The raw default, written as an operator would write it. */
  readonly default?: string;
  /** Secrets may come from `<NAME>_FILE` and are never echoed in errors. */
  readonly secret?: boolean;
  /** Turns the trimmed text into the value; throws InvalidValue saying what is expected. */
  readonly parse: (raw: string) => T;
}

export interface EnvVar<T> {
  readonly name: string;
  readonly meaning: string;
  readonly default: string | undefined;
  readonly secret: boolean;
  readonly schema: z.ZodType<T, string | undefined>;
}

const MAX_ECHO = 60;

function describe(message: string, raw: string, secret: boolean): string {
  if (secret) return message;
  const shown = raw.length > MAX_ECHO ? `${raw.slice(0, MAX_ECHO)}…` : raw;
  return `${message}, got ${JSON.stringify(shown)}`;
}

export function envVar<T>(spec: EnvVarSpec<T> & { default: string }): EnvVar<T>;
export function envVar<T>(spec: EnvVarSpec<T>): EnvVar<T | undefined>;
export function envVar<T>(spec: EnvVarSpec<T>): EnvVar<T | undefined> {
  const secret = spec.secret ?? false;
  const base = z.string().transform((raw, ctx): T => {
    try {
      return spec.parse(raw.trim());
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      ctx.addIssue(describe(error.message, raw, secret));
      return z.NEVER;
    }
  });
  const schema = spec.default === undefined ? base.optional() : base.prefault(spec.default);
  return { name: spec.name, meaning: spec.meaning, default: spec.default, secret, schema };
}

/** The variables of one service, keyed by name. */
export type EnvVarSet = Readonly<Record<string, EnvVar<unknown>>>;

/** The parsed values of a variable set, keyed by variable name. */
export type EnvValues<V extends EnvVarSet> = { [K in keyof V]: V[K] extends EnvVar<infer T> ? T : never };

/** Builds the service's zod object schema from its variables. */
export function envSchema<V extends EnvVarSet>(vars: V): z.ZodObject<{ [K in keyof V]: V[K]['schema'] }> {
  const shape = Object.fromEntries(Object.entries(vars).map(([key, v]) => [key, v.schema]));
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof V]: V[K]['schema'] }>;
}
