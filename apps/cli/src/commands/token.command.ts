/**
 * `discovery token`: creates a random tenant token and prints it with the
 * DISCOVERY_TOKENS entry (its SHA-256) for the indexer's configuration. The
 * token is printed once, here, and stored nowhere.
 */
import { TENANT_PATTERN, TOKEN_SCOPES, type TokenScope } from '@discovery/config';
import { generateToken, hashToken, tokenEntry } from '@discovery/auth';
import { CliError, ExitCode } from '../exit-codes.js';
import { stringValue, type Command } from './command.js';

function parseScopes(raw: string | undefined): TokenScope[] {
  if (raw === undefined) return [...TOKEN_SCOPES];
  const scopes = raw
    .split(/[,+]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = scopes.filter((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new CliError(
      ExitCode.Usage,
      `--scopes: expected some of ${TOKEN_SCOPES.join(', ')} (comma-separated)${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
    );
  }
  return TOKEN_SCOPES.filter((s) => scopes.includes(s));
}

export const tokenCommand: Command = {
  name: 'token',
  summary: 'create a tenant token and print its DISCOVERY_TOKENS entry',
  usage: `discovery token [--tenant default] [--scopes read,write,generate]

Prints a new random token (give it to the client: a router's discovery token, the bridge's
DISCOVERY_TOKEN) and the entry to add to the indexer's DISCOVERY_TOKENS, which holds only
its SHA-256. The token is not stored anywhere: keep it now.
  --tenant <t>     tenant the token acts for (default "default")
  --scopes <s>     read, write, generate (default all)`,
  options: { tenant: { type: 'string' }, scopes: { type: 'string' } },
  positionals: [0, 0],
  async run(ctx, values) {
    const tenant = stringValue(values, 'tenant') ?? 'default';
    if (!TENANT_PATTERN.test(tenant)) {
      throw new CliError(ExitCode.Usage, '--tenant: expected 1-64 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit');
    }
    const scopes = parseScopes(stringValue(values, 'scopes'));
    const token = generateToken();
    const entry = tokenEntry(tenant, token, scopes);
    ctx.out.result({ tenant, scopes, token, sha256: hashToken(token), entry });
    ctx.out.line('Token (give it to the client; it is stored nowhere):');
    ctx.out.line(`  ${token}`);
    ctx.out.line('DISCOVERY_TOKENS entry for the indexer (add it, comma- or newline-separated):');
    ctx.out.line(`  ${entry}`);
    return ExitCode.Ok;
  },
};
