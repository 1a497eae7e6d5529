/**
 * Command line of the bridge: modes, transports, flags turned into variables, and clear errors.
 */
import { describe, expect, it } from '@jest/globals';
import { parseBridgeArgs, UsageError } from './bridge-args.js';

describe('parseBridgeArgs', () => {
  it('defaults to the bridge over HTTP with no overrides', () => {
    expect(parseBridgeArgs([])).toEqual({ mode: 'bridge', transport: 'http', help: false, overrides: {} });
  });

  it('turns --schema into SCHEMA_FILE and unsets the introspection variables', () => {
    expect(parseBridgeArgs(['--schema', 's.graphql', '--stdio']).overrides).toEqual({
      SCHEMA_FILE: 's.graphql',
      INTROSPECT_URL: undefined,
      INTROSPECT_HEADERS: undefined,
    });
    expect(parseBridgeArgs(['--stdio']).transport).toBe('stdio');
    expect(parseBridgeArgs(['serve', '--stdio'])).toMatchObject({ mode: 'serve', transport: 'stdio' });
  });

  it('turns --introspect and repeated --header into variables', () => {
    const args = parseBridgeArgs(['--introspect', 'https://api.example.com/graphql', '--header', 'Authorization: Bearer x', '--header', 'X-Tenant: a']);
    expect(args.overrides).toEqual({
      SCHEMA_FILE: undefined,
      INTROSPECT_URL: 'https://api.example.com/graphql',
      INTROSPECT_HEADERS: 'Authorization: Bearer x\nX-Tenant: a',
    });
  });

  it('maps the listener and session flags', () => {
    const args = parseBridgeArgs([
      '--port',
      '4300',
      '--host',
      '0.0.0.0',
      '--sessions',
      'stateless',
      '--endpoint',
      'https://x/graphql',
      '--discovery',
      'http://idx:4100',
      '--operations',
      './ops',
    ]);
    expect(args.mode).toBe('bridge');
    expect(args.overrides).toEqual({
      PORT: '4300',
      HOST: '0.0.0.0',
      MCP_SESSIONS: 'stateless',
      GRAPHQL_ENDPOINT: 'https://x/graphql',
      DISCOVERY_URL: 'http://idx:4100',
      MCP_OPERATIONS_DIR: './ops',
    });
  });

  it('puts serve on its one listener (PORT, HOST)', () => {
    const args = parseBridgeArgs(['serve', '--schema', 's.graphql', '--port', '4500', '--host', '0.0.0.0']);
    expect(args.mode).toBe('serve');
    expect(args.overrides).toMatchObject({ SCHEMA_FILE: 's.graphql', PORT: '4500', HOST: '0.0.0.0' });
  });

  it.each([
    [['--schema', 'a', '--introspect', 'http://x'], 'use either --schema or --introspect, not both'],
    [['--nope'], "Unknown option '--nope'"],
    [['index'], 'unexpected argument: index'],
    [['serve', 'extra'], 'unexpected argument: extra'],
    [['serve', '--discovery', 'http://x'], 'serve runs its own discovery API'],
    [['--schema'], "Option '--schema <value>' argument missing"],
  ])('rejects %j', (argv, message) => {
    expect(() => parseBridgeArgs(argv)).toThrow(UsageError);
    expect(() => parseBridgeArgs(argv)).toThrow(message);
  });
});
