/**
 * Tool names of operation tools, by Cosmo's rule (docs/wire.md §5): `execute_operation_` followed by
 * the operation name in snake_case (`GetUserById` -> `execute_operation_get_user_by_id`), or the
 * snake_case name alone when the prefix is omitted. snakeCase is a port of the converter Cosmo's
 * router uses (iancoleman/strcase v0.3.0 ToSnake), so both name the same file the same way.
 */

export const TOOL_NAME_PREFIX = 'execute_operation_';

const isUpper = (c: string): boolean => c >= 'A' && c <= 'Z';
const isLower = (c: string): boolean => c >= 'a' && c <= 'z';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/** snake_case as strcase.ToSnake: word breaks at case and digit changes, acronyms kept whole (`JSONData` -> `json_data`). */
export function snakeCase(name: string): string {
  const s = name.trim();
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const raw = s.charAt(i);
    const v = raw.toLowerCase();
    const capital = isUpper(raw);
    const lower = isLower(raw);
    const digit = isDigit(raw);
    if (i + 1 < s.length) {
      const next = s.charAt(i + 1);
      const changes =
        (capital && (isLower(next) || isDigit(next))) || (lower && (isUpper(next) || isDigit(next))) || (digit && (isUpper(next) || isLower(next)));
      if (changes) {
        if (capital && isLower(next) && i > 0 && isUpper(s.charAt(i - 1))) out += '_';
        out += v;
        if (lower || digit || isDigit(next)) out += '_';
        continue;
      }
    }
    out += v === ' ' || v === '_' || v === '-' || v === '.' ? '_' : v;
  }
  return out;
}

/** The tool name of an operation. */
export function operationToolName(operationName: string, omitPrefix: boolean): string {
  const snake = snakeCase(operationName);
  return omitPrefix ? snake : `${TOOL_NAME_PREFIX}${snake}`;
}
