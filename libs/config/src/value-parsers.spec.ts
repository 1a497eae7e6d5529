import { describe, expect, it } from '@jest/globals';
import { InvalidValue, parseBoolean, parseDuration, parseInteger, parsePort, parseSize, parseUrl } from './value-parsers.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['2s', 2_000],
    ['1.5s', 1_500],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['30d', 2_592_000_000],
    ['250', 250],
    [' 2s ', 2_000],
  ])('%s is %d ms', (raw, ms) => expect(parseDuration(raw)).toBe(ms));

  it.each(['', '0', '0s', '-5s', '2 s', '5min', '1w', '1.5', 's', '2S', 'NaN'])('rejects %j', (raw) => {
    expect(() => parseDuration(raw)).toThrow(InvalidValue);
  });
});

describe('parseSize', () => {
  it.each([
    ['8MiB', 8 * 1024 * 1024],
    ['512KiB', 512 * 1024],
    ['1GiB', 1024 ** 3],
    ['1.5KiB', 1536],
    ['100B', 100],
    ['4096', 4096],
    ['16mib', 16 * 1024 * 1024],
  ])('%s is %d bytes', (raw, bytes) => expect(parseSize(raw)).toBe(bytes));

  it.each(['', '0', '8MB', '-1', '1.5', 'KiB', 'lots'])('rejects %j', (raw) => {
    expect(() => parseSize(raw)).toThrow(InvalidValue);
  });
});

describe('parseBoolean', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['on', true],
    ['ON', true],
    ['false', false],
    ['0', false],
    ['off', false],
  ])('%s is %s', (raw, value) => expect(parseBoolean(raw)).toBe(value));

  it.each(['yes', 'no', '', '2', 'enabled'])('rejects %j', (raw) => {
    expect(() => parseBoolean(raw)).toThrow('expected true/false, 1/0 or on/off');
  });
});

describe('numbers and URLs', () => {
  it('accepts ports 0..65535 and integers within bounds', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('65535')).toBe(65535);
    expect(() => parsePort('65536')).toThrow(InvalidValue);
    expect(() => parsePort('80a')).toThrow(InvalidValue);
    expect(parseInteger('4', 1, 8)).toBe(4);
    expect(() => parseInteger('9', 1, 8)).toThrow('expected a whole number from 1 to 8');
    expect(() => parseInteger('1.5', 1, 8)).toThrow(InvalidValue);
  });

  it('accepts only absolute URLs of the allowed schemes', () => {
    expect(parseUrl('https://idp.example/jwks.json', ['http', 'https'])).toBe('https://idp.example/jwks.json');
    expect(parseUrl('rediss://:pw@redis:6380/2', ['redis', 'rediss'])).toBe('rediss://:pw@redis:6380/2');
    expect(() => parseUrl('localhost:8000', ['http', 'https'])).toThrow('expected an absolute http:// or https:// URL');
    expect(() => parseUrl('ftp://x', ['http', 'https'])).toThrow(InvalidValue);
    expect(() => parseUrl('/relative', ['http'])).toThrow(InvalidValue);
  });
});
