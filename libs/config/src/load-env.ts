/**
 * loadEnv: resolves `<NAME>_FILE` secrets, parses every variable of a service
 * with its zod schema, runs the cross-variable checks and throws one
 * ConfigError listing every problem. Empty values count as unset. The result
 * is deep-frozen by the service loaders.
 */
import { readFileSync } from 'node:fs';
import { ConfigError, type ConfigIssue } from './config.errors.js';
import { envSchema, type EnvValues, type EnvVarSet } from './env-var.js';

/** The environment as process.env gives it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** What a cross-variable check sees: the valid values so far and which variables were set or invalid. */
export interface CheckContext<V extends EnvVarSet> {
  readonly values: Partial<EnvValues<V>>;
  isSet(name: keyof V & string): boolean;
  /** True when every named variable parsed (checks skip what is already reported). */
  valid(...names: Array<keyof V & string>): boolean;
}

export type CrossCheck<V extends EnvVarSet> = (context: CheckContext<V>) => ConfigIssue[];

function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

function readSecretFile(name: string, path: string, issues: ConfigIssue[]): string | undefined {
  try {
    const content = readFileSync(path, 'utf8').trim();
    if (content === '') issues.push({ variable: `${name}_FILE`, message: 'the file is empty' });
    return content === '' ? undefined : content;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    issues.push({ variable: `${name}_FILE`, message: `expected a readable file (${code})` });
    return undefined;
  }
}

/** The raw text of every variable of the set, secrets read from their files. */
function resolveRaw(vars: EnvVarSet, env: Env, issues: ConfigIssue[]): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const [key, variable] of Object.entries(vars)) {
    const direct = env[variable.name];
    const file = variable.secret ? env[`${variable.name}_FILE`] : undefined;
    if (present(direct) && present(file)) {
      issues.push({ variable: variable.name, message: `set either ${variable.name} or ${variable.name}_FILE, not both` });
    } else if (present(file)) {
      raw[key] = readSecretFile(variable.name, file.trim(), issues);
    } else {
      raw[key] = present(direct) ? direct : undefined;
    }
  }
  return raw;
}

/** One issue per variable (the first found), in the order the service declares its variables. */
function inDeclarationOrder(issues: ConfigIssue[], names: string[]): ConfigIssue[] {
  const rank = (issue: ConfigIssue): number => names.indexOf(issue.variable.replace(/_FILE$/, ''));
  const seen = new Set<string>();
  const firstPerVariable = issues.filter((issue) => !seen.has(issue.variable) && seen.add(issue.variable));
  return firstPerVariable
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => rank(a.issue) - rank(b.issue) || a.index - b.index)
    .map(({ issue }) => issue);
}

/** Parses `vars` from `env`; throws ConfigError listing every invalid variable of `service`. */
export function loadEnv<V extends EnvVarSet>(service: string, vars: V, env: Env, checks: ReadonlyArray<CrossCheck<V>> = []): EnvValues<V> {
  const issues: ConfigIssue[] = [];
  const raw = resolveRaw(vars, env, issues);
  const reported = new Set(issues.map((issue) => issue.variable.replace(/_FILE$/, '')));
  const shape = envSchema(vars).shape as Record<string, EnvVarSet[string]['schema']>;
  const values: Record<string, unknown> = {};
  const invalid = new Set<string>(reported);
  for (const [key, schema] of Object.entries(shape)) {
    if (reported.has(key)) continue;
    const result = schema.safeParse(raw[key]);
    if (result.success) {
      values[key] = result.data;
    } else {
      invalid.add(key);
      issues.push({ variable: key, message: result.error.issues[0]?.message ?? 'invalid value' });
    }
  }
  const context: CheckContext<V> = {
    values: values as Partial<EnvValues<V>>,
    isSet: (name) => raw[name] !== undefined,
    valid: (...names) => names.every((name) => !invalid.has(name)),
  };
  for (const check of checks) issues.push(...check(context));
  if (issues.length > 0) throw new ConfigError(service, inDeclarationOrder(issues, Object.keys(vars)));
  return values as EnvValues<V>;
}

/** Freezes an object and everything it holds. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
