import { afterAll, describe, expect, it } from '@jest/globals';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadClientConfig } from './client.config.js';
import { chooseLocalServes, localServeDir, localServeFile, readLocalServe, readLocalServes, serveLogFile, writeLocalServe } from './local-serve.js';

const dir = mkdtempSync(join(tmpdir(), 'local-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local serve card', () => {
  it('lives in XDG_STATE_HOME, else HOME/.local/state, else nowhere, one file per port', () => {
    expect(localServeFile({ XDG_STATE_HOME: '/s', HOME: '/h' }, 4200)).toBe('/s/schema-discovery/serve-4200.json');
    expect(localServeFile({ HOME: '/h' }, 4201)).toBe('/h/.local/state/schema-discovery/serve-4201.json');
    expect(localServeFile({}, 4200)).toBeUndefined();
    expect(localServeDir({ HOME: '/h' })).toBe('/h/.local/state/schema-discovery');
  });

  it('is written owner-only, read back while its process lives, and removed by its writer', () => {
    const env = { XDG_STATE_HOME: join(dir, 'a') };
    const remove = writeLocalServe(env, { url: 'http://127.0.0.1:4200', token: 'sd_secret', pid: process.pid });
    const file = localServeFile(env, 4200)!;
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
    writeFileSync(localServeFile(env, 4200)!, '{not json', { mode: 0o600 });
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

/** Paths a writer of the card might open by name: the card and the temporary names older writers used. */
function predictableNames(dir: string): string[] {
  const names = ['serve.json', 'serve-4200.json'];
  return names.flatMap((name) => [name, `${name}.${process.pid}.tmp`]).map((name) => join(dir, name));
}

describe('the card is a secret (issue 23 finding 12)', () => {
  it('is never written through a planted symlink', () => {
    const env = { XDG_STATE_HOME: join(dir, 'f12a') };
    const folder = join(dir, 'f12a', 'schema-discovery');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const victims = predictableNames(folder).map((link, i) => {
      const victim = join(dir, `victim-${i}`);
      writeFileSync(victim, 'untouched');
      symlinkSync(victim, link);
      return victim;
    });
    const remove = writeLocalServe(env, { url: 'http://127.0.0.1:4200', token: 'sd_planted', pid: process.pid });
    for (const victim of victims) expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(readLocalServe(env)).toEqual({ url: 'http://127.0.0.1:4200', token: 'sd_planted', pid: process.pid });
    remove();
  });

  it('is not written into a folder that is a symlink', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'local-serve-elsewhere-'));
    try {
      mkdirSync(join(dir, 'f12b'));
      symlinkSync(elsewhere, join(dir, 'f12b', 'schema-discovery'));
      expect(() => writeLocalServe({ XDG_STATE_HOME: join(dir, 'f12b') }, { url: 'http://127.0.0.1:4200', token: 'sd_x', pid: process.pid })).toThrow();
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('is not trusted when it is a symlink, readable by others or owned by someone else', () => {
    const env = { XDG_STATE_HOME: join(dir, 'f12c') };
    const folder = join(dir, 'f12c', 'schema-discovery');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const forged = JSON.stringify({ url: 'http://127.0.0.1:4999', token: 'sd_forged', pid: process.pid });
    const target = join(dir, 'forged-card.json');
    writeFileSync(target, forged, { mode: 0o600 });
    symlinkSync(target, join(folder, 'serve.json'));
    expect(readLocalServe(env)).toBeUndefined();
    rmSync(join(folder, 'serve.json'));
    writeFileSync(join(folder, 'serve-4999.json'), forged, { mode: 0o644 });
    chmodSync(join(folder, 'serve-4999.json'), 0o644);
    expect(readLocalServe(env)).toBeUndefined();
    if (process.getuid?.() === 0) {
      chmodSync(join(folder, 'serve-4999.json'), 0o600);
      chownSync(join(folder, 'serve-4999.json'), 4242, 4242);
      expect(readLocalServe(env)).toBeUndefined();
    }
  });
});

describe('one card per serve (issue 23 finding 13)', () => {
  it("a second serve neither takes the first one's card nor removes it on exit", () => {
    const env = { XDG_STATE_HOME: join(dir, 'f13a') };
    writeLocalServe(env, { url: 'http://127.0.0.1:4200', token: 'sd_first', pid: process.ppid });
    const second = writeLocalServe(env, { url: 'http://127.0.0.1:4300', token: 'sd_second', pid: process.pid });
    expect(
      readLocalServes(env)
        .map((card) => card.token)
        .sort(),
    ).toEqual(['sd_first', 'sd_second']);
    second();
    expect(readLocalServe(env)).toEqual({ url: 'http://127.0.0.1:4200', token: 'sd_first', pid: process.ppid });
    expect(existsSync(localServeFile(env, 4200)!)).toBe(true);
  });

  it('the CLI picks the serve that answers', async () => {
    const server = createServer((req, res) => res.writeHead(req.url === '/healthz' ? 200 : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const live = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    try {
      const env = { XDG_STATE_HOME: join(dir, 'f13b') };
      writeLocalServe(env, { url: live, token: 'sd_live', pid: process.ppid });
      await new Promise((resolve) => setTimeout(resolve, 20));
      writeLocalServe(env, { url: dead, token: 'sd_dead', pid: process.pid });
      const answering = await chooseLocalServes(env);
      expect(answering?.map((card) => card.token)).toEqual(['sd_live']);
      expect(loadClientConfig(env, answering).discovery).toEqual({ url: live, token: 'sd_live', source: 'local-serve' });
      expect(loadClientConfig({ ...env, DISCOVERY_URL: dead }).discovery.token).toBe('sd_dead');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
