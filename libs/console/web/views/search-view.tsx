/** The search playground: query, kinds, parent, limit, paginated; hits with score, coordinate, record and root paths. */
import { useState } from 'preact/hooks';
import type { SymbolHit } from '@discovery/proto/web';
import { errorText, type Api } from '../api.js';
import { RecordPanel } from './record-panel.js';

const KINDS = ['object', 'interface', 'union', 'enum', 'scalar', 'input', 'field', 'input_field', 'path'];

export function SearchView({ api, indexId }: { api: Api; indexId: string }) {
  const [query, setQuery] = useState('');
  const [kinds, setKinds] = useState<string[]>([]);
  const [parent, setParent] = useState('');
  const [limit, setLimit] = useState(10);
  const [paginated, setPaginated] = useState('any');
  const [hits, setHits] = useState<SymbolHit[]>();
  const [open, setOpen] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const run = async (event: Event) => {
    event.preventDefault();
    try {
      const response = await api.yoko.searchSchema({
        indexId,
        query,
        limit,
        kinds,
        parent: parent.trim(),
        ...(paginated === 'any' ? {} : { paginated: paginated === 'only' }),
      });
      setHits(response.hits);
      setProblem(undefined);
    } catch (error) {
      setProblem(errorText(error));
      setHits(undefined);
    }
  };
  const value = (event: Event) => (event.currentTarget as HTMLInputElement).value;
  return (
    <>
      <h2>Search</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: preact's JSX types have no <search> element; role=search on the form is its ARIA equivalent */}
      <form class="controls" onSubmit={run} role="search" aria-label="Search the schema">
        <label class="wide">
          Query{' '}
          <input type="search" name="query" value={query} onInput={(e) => setQuery(value(e))} required placeholder="a few words, a name or a coordinate" />
        </label>
        <fieldset>
          <legend>Kinds</legend>
          {KINDS.map((kind) => (
            <label class="check">
              <input
                type="checkbox"
                checked={kinds.includes(kind)}
                onChange={(e) => setKinds((e.currentTarget as HTMLInputElement).checked ? [...kinds, kind] : kinds.filter((k) => k !== kind))}
              />
              {kind}
            </label>
          ))}
        </fieldset>
        <label>
          Parent <input type="text" name="parent" value={parent} onInput={(e) => setParent(value(e))} placeholder="object:Order, Order, mutation" />
        </label>
        <label>
          Limit <input type="number" name="limit" min={1} max={100} value={limit} onInput={(e) => setLimit(Number(value(e)) || 10)} />
        </label>
        <label>
          Paginated{' '}
          <select value={paginated} onChange={(e) => setPaginated((e.currentTarget as HTMLSelectElement).value)}>
            <option value="any">both</option>
            <option value="only">only connections</option>
            <option value="none">no connections</option>
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {hits && (
        <div class="split">
          <div>
            <p role="status">{hits.length === 0 ? 'No hits: try other words or fewer filters.' : `${hits.length} hits, best first.`}</p>
            <ol class="hits">
              {hits.map((hit) => (
                <Hit hit={hit} onOpen={setOpen} open={open === hit.coordinate} />
              ))}
            </ol>
          </div>
          {open && <RecordPanel api={api} indexId={indexId} coordinate={open} onOpen={setOpen} />}
        </div>
      )}
    </>
  );
}

function Hit({ hit, onOpen, open }: { hit: SymbolHit; onOpen: (coordinate: string) => void; open: boolean }) {
  const record = JSON.parse(hit.payload) as Record<string, unknown>;
  const type = typeof record['TypeRef'] === 'string' ? record['TypeRef'] : typeof record['Kind'] === 'string' ? record['Kind'] : '';
  const description = typeof record['Description'] === 'string' ? record['Description'] : '';
  const paths = Array.isArray(record['Paths']) ? (record['Paths'] as string[]) : [];
  return (
    <li class="hit">
      <span class="score" title="score">
        {hit.score.toFixed(3)}
      </span>{' '}
      <button type="button" class="link mono" aria-expanded={open} onClick={() => onOpen(hit.coordinate)}>
        {hit.coordinate}
      </button>{' '}
      {type && <span class="mono muted">{type}</span>}
      {description && <p class="description">{description}</p>}
      {paths.length > 0 && (
        <ul class="paths" aria-label="Root paths">
          {paths.slice(0, 5).map((path) => (
            <li class="mono">{path}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
