import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { bridgeVars } from './bridge.config.js';
import { configRows, configTable, envExample } from './config-table.js';
import { generatorVars } from './generator.config.js';
import { indexerVars } from './indexer.config.js';
import { serveVars } from './serve.config.js';

describe('configTable', () => {
  it('has one row per variable definition with its services and default', () => {
    const table = configTable().trimEnd().split('\n');
    expect(table[0]).toBe('| Variable | Services | Default | Meaning |');
    expect(table).toContain('| `INDEX_IDLE_TTL` | indexer, serve | `30d` | An index nobody used for this long is deleted. |');
    expect(table.filter((line) => line.startsWith('| `PORT` |'))).toEqual([
      expect.stringContaining('| `PORT` | indexer | `4100` |'),
      expect.stringContaining('| `PORT` | bridge, serve | `4200` |'),
    ]);
    expect(table.find((line) => line.startsWith('| `DISCOVERY_TOKENS` |'))).toContain('`DISCOVERY_TOKENS_FILE`');
  });

  it('documents every variable of every service', () => {
    const names = new Set(configRows().map((row) => row.name));
    for (const vars of [indexerVars, generatorVars, bridgeVars, serveVars]) {
      for (const name of Object.keys(vars)) expect(names).toContain(name);
    }
    for (const row of configRows()) expect(row.meaning.length).toBeGreaterThan(10);
  });

  it('is what the committed .env.example holds', () => {
    // Regenerate with: node --input-type=module -e "import {envExample} from '@discovery/config'; process.stdout.write(envExample())" > .env.example
    expect(readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8')).toBe(envExample());
  });
});
