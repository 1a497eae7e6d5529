/**
 * Parsers for the text forms environment variables take: durations (`500ms`,
 * `2s`, `10m`, `1h`, `30d` or plain milliseconds), sizes (`8MiB`, `512KiB` or
 * bytes), booleans (`true/false/1/0/on/off`), integers, ports and URLs. Each
 * returns the value or throws InvalidValue with what was expected.
 */

/** A value that does not have the expected form; the message says what is expected. */
export class InvalidValue extends Error {
  override readonly name = 'InvalidValue';
}

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const SIZE_UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/;
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kib|mib|gib)?$/i;

/** Milliseconds from `500ms`, `2s`, `10m`, `1h`, `30d` or a plain integer of milliseconds; > 0. */
export function parseDuration(raw: string): number {
  const match = DURATION.exec(raw.trim());
  const [, amount, unit] = match ?? [];
  if (amount === undefined || (unit === undefined && amount.includes('.'))) {
    throw new InvalidValue('expected a duration such as 500ms, 2s, 10m, 1h, 30d or whole milliseconds');
  }
  const ms = Math.round(Number(amount) * (DURATION_UNITS[unit ?? 'ms'] ?? 1));
  if (ms <= 0 || !Number.isSafeInteger(ms)) {
    throw new InvalidValue('expected a duration greater than zero (such as 500ms, 2s, 10m, 30d)');
  }
  return ms;
}

/** Bytes from `8MiB`, `512KiB`, `1GiB`, `100B` or a plain integer of bytes; > 0. */
export function parseSize(raw: string): number {
  const match = SIZE.exec(raw.trim());
  const [, amount, unit] = match ?? [];
  if (amount === undefined || (unit === undefined && amount.includes('.'))) {
    throw new InvalidValue('expected a size such as 512KiB, 8MiB, 1GiB or whole bytes');
  }
  const bytes = Math.floor(Number(amount) * (SIZE_UNITS[(unit ?? 'b').toLowerCase()] ?? 1));
  if (bytes <= 0 || !Number.isSafeInteger(bytes)) {
    throw new InvalidValue('expected a size greater than zero (such as 512KiB, 8MiB, 1GiB)');
  }
  return bytes;
}

const TRUE = new Set(['true', '1', 'on']);
const FALSE = new Set(['false', '0', 'off']);

/** true/1/on or false/0/off (case-insensitive). */
export function parseBoolean(raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new InvalidValue('expected true/false, 1/0 or on/off');
}

/** A whole number within [min, max]. */
export function parseInteger(raw: string, min: number, max: number): number {
  const value = raw.trim();
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new InvalidValue(`expected a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

/** A TCP port; 0 asks the system for any free port. */
/** A decimal number within [min, max]. */
export function parseFraction(raw: string, min: number, max: number): number {
  const text = raw.trim();
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw new InvalidValue(`expected a number from ${min} to ${max}`);
  return value;
}

export function parsePort(raw: string): number {
  const value = raw.trim();
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new InvalidValue('expected a port number from 0 to 65535 (0 = any free port)');
  }
  return Number(value);
}

/** An absolute URL whose scheme is one of `protocols` (without the colon). */
export function parseUrl(raw: string, protocols: readonly string[]): string {
  const expected = `expected an absolute ${protocols.map((p) => `${p}://`).join(' or ')} URL`;
  const value = raw.trim();
  if (!URL.canParse(value)) throw new InvalidValue(expected);
  const url = new URL(value);
  if (!protocols.includes(url.protocol.slice(0, -1)) || url.hostname === '') {
    throw new InvalidValue(expected);
  }
  return value;
}

/** One of the listed words (case-sensitive, as documented). */
export function parseChoice<const T extends string>(raw: string, choices: readonly T[]): T {
  const value = raw.trim();
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw new InvalidValue(`expected one of ${choices.join(', ')}`);
  return found;
}

/** A non-empty word without whitespace (hosts, names, prefixes). */
export function parseWord(raw: string, what: string, maxLength = 256): string {
  const value = raw.trim();
  if (value === '' || /\s/.test(value) || value.length > maxLength) {
    throw new InvalidValue(`expected ${what} (no spaces, at most ${maxLength} characters)`);
  }
  return value;
}

/** Comma- or newline-separated non-empty items, trimmed. */
export function splitList(raw: string): string[] {
  return raw
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
