/**
 * Variable interpolation as Docker Compose applies it to docker-compose.yml:
 * `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`,
 * `${VAR?message}`, `${VAR:+alternative}`, `${VAR+alternative}` and `$$` for a
 * literal `$`, applied to every string of the parsed document. A required
 * variable that is missing throws with Compose's message; malformed syntax
 * throws too.
 */
export type Lookup = Readonly<Record<string, string | undefined>>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function substitute(name: string, operator: string, argument: string, vars: Lookup): string {
  const value = vars[name];
  const set = value !== undefined;
  const nonEmpty = set && value !== '';
  switch (operator) {
    case '':
      return value ?? '';
    case ':-':
      return nonEmpty ? value : interpolateString(argument, vars);
    case '-':
      return set ? value : interpolateString(argument, vars);
    case ':?':
      if (!nonEmpty) throw new Error(`required variable ${name} is missing a value: ${argument}`);
      return value;
    case '?':
      if (!set) throw new Error(`required variable ${name} is missing a value: ${argument}`);
      return value;
    case ':+':
      return nonEmpty ? interpolateString(argument, vars) : '';
    case '+':
      return set ? interpolateString(argument, vars) : '';
    default:
      throw new Error(`unsupported interpolation operator ${operator}`);
  }
}

/** Interpolates one string. */
export function interpolateString(text: string, vars: Lookup): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf('$', i);
    if (dollar < 0) return out + text.slice(i);
    out += text.slice(i, dollar);
    const next = text[dollar + 1];
    if (next === '$') {
      out += '$';
      i = dollar + 2;
    } else if (next === '{') {
      let depth = 1;
      let end = dollar + 2;
      while (end < text.length && depth > 0) {
        if (text[end] === '{') depth += 1;
        else if (text[end] === '}') depth -= 1;
        end += 1;
      }
      if (depth !== 0) throw new Error(`unterminated \${ in ${JSON.stringify(text)}`);
      const body = text.slice(dollar + 2, end - 1);
      const name = NAME.exec(body)?.[0];
      if (!name) throw new Error(`invalid interpolation \${${body}}`);
      const rest = body.slice(name.length);
      const operator = /^(:-|-|:\?|\?|:\+|\+)?/.exec(rest)?.[0] ?? '';
      if (operator === '' && rest !== '') throw new Error(`invalid interpolation \${${body}}`);
      out += substitute(name, operator, rest.slice(operator.length), vars);
      i = end;
    } else {
      const name = NAME.exec(text.slice(dollar + 1))?.[0];
      if (!name) throw new Error(`invalid "$" in ${JSON.stringify(text)} (write $$ for a literal $)`);
      out += vars[name] ?? '';
      i = dollar + 1 + name.length;
    }
  }
  return out;
}

/** Interpolates every string value of a parsed YAML document (keys are left alone, as Compose does). */
export function interpolate<T>(value: T, vars: Lookup): T {
  if (typeof value === 'string') return interpolateString(value, vars) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => interpolate(item, vars)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, vars)])) as T;
  }
  return value;
}
