import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadClientConfig } from './client.config.js';
import { localServeFile, readLocalServe, serveLogFile, writeLocalServe } from './local-serve.js';

const dir = mkdtempSync(join(tmpdir(), 'local-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local serve card', () => {
  it('lives in XDG_STATE_HOME, else HOME/.local/state, else nowhere', () => {
    expect(localServeFile({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/schema-discovery/serve.json');
    expect(localServeFile({ HOME: '/h' })).toBe('/h/.local/state/schema-discovery/serve.json');
    expect(localServeFile({})).toBeUndefined();
  });

  it('is written owner-only, read back while its process lives, and removed by its writer', () => {
    const env = { XDG_STATE_HOME: join(dir, 'a') };
    const remove = writeLocalServe(env, { url: 'http://127.0.0.1:4200', token: 'sd_secret', pid: process.pid });
    const file = localServeFile(env)!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'a', 'schema-discovery')).mode & 0o777).toBe(0o700);
    expect(readLocalServe(env)).toEqual({ url: 'http://127.0.0.1:4200', token: 'sd_secret', pid: process.pid });
    remove();
    expect(readLocalServe(env)).toBeUndefined();
  });

  it('ignores the card of a process that ended, and a damaged card', () => {
    const env = { XDG_STATE_HOME: join(dir, 'b') };
    writeLocalServe(env, { url: 'http://127.0.0.1:4200', token: 'sd_x', pid: 2 ** 22 + 12345 });
    expect(readLocalServe(env)).toBeUndefined();
    writeFileSync(localServeFile(env)!, '{not json');
    expect(readLocalServe(env)).toBeUndefined();
  });

  it('gives the CLI the serve when nothing is set, and its token only for its own URL', () => {
    const env = { XDG_STATE_HOME: join(dir, 'c') };
    writeLocalServe(env, { url: 'http://127.0.0.1:4200', token: 'sd_local', pid: process.pid });
    expect(loadClientConfig(env).discovery).toEqual({ url: 'http://127.0.0.1:4200', token: 'sd_local', source: 'local-serve' });
    expect(loadClientConfig({ ...env, DISCOVERY_URL: 'http://127.0.0.1:4200/' }).discovery.token).toBe('sd_local');
    expect(loadClientConfig({ ...env, DISCOVERY_URL: 'http://127.0.0.1:4100' }).discovery).toEqual({
      url: 'http://127.0.0.1:4100',
      token: undefined,
      source: 'environment',
    });
    expect(loadClientConfig({ ...env, DISCOVERY_TOKEN: 'sd_mine' }).discovery).toMatchObject({ token: 'sd_mine', source: 'environment' });
  });

  it("sends serve's JSON logs to a file on a terminal, to stdout otherwise, or where LOG_FILE says (issue 26)", () => {
    expect(serveLogFile({ HOME: '/h' }, undefined, true)).toBe('/h/.local/state/schema-discovery/serve.log');
    expect(serveLogFile({ HOME: '/h' }, undefined, false)).toBeUndefined();
    expect(serveLogFile({ HOME: '/h' }, '-', true)).toBeUndefined();
    expect(serveLogFile({ HOME: '/h' }, '/var/log/serve.json', false)).toBe('/var/log/serve.json');
    expect(serveLogFile({}, undefined, true)).toBeUndefined();
  });
});
