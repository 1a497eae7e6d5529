/**
 * INTROSPECT_HEADERS: headers sent with the bridge's introspection request,
 * either a JSON object of strings or `Name: value` lines. Values are secret;
 * errors name the line or key, never the value.
 */
import { InvalidValue } from './value-parsers.js';

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[\r\n\0]/;

function checked(headers: Array<[string, string]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (!HEADER_NAME.test(name)) throw new InvalidValue(`"${name.slice(0, 40)}" is not a valid header name`);
    if (BAD_VALUE.test(value)) throw new InvalidValue(`the value of header ${name} contains a line break`);
    result[name] = value;
  }
  return result;
}

function fromJson(raw: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new InvalidValue('expected a JSON object of strings or `Name: value` lines (the JSON does not parse)');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidValue('expected a JSON object of strings or `Name: value` lines');
  }
  const entries = Object.entries(parsed);
  const notString = entries.find(([, value]) => typeof value !== 'string');
  if (notString) throw new InvalidValue(`the value of header ${notString[0].slice(0, 40)} must be a string`);
  return checked(entries as Array<[string, string]>);
}

function fromLines(raw: string): Record<string, string> {
  const lines = raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return checked(
    lines.map((line, index) => {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new InvalidValue(`line ${index + 1} is not \`Name: value\``);
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

/** Parses INTROSPECT_HEADERS into a header record. */
export function parseIntrospectHeaders(raw: string): Record<string, string> {
  const text = raw.trim();
  return text.startsWith('{') || text.startsWith('[') ? fromJson(text) : fromLines(text);
}
