/** A symbol's whole record (GetSymbols) with the root paths that reach its type; coordinates in it open theirs. */
import { useEffect, useState } from 'preact/hooks';
import { errorText, type Api } from '../api.js';

/** The path symbol of the type a coordinate belongs to (`field:Order.id` -> `path:Order`). */
function pathOf(coordinate: string): string | undefined {
  const [kind, name = ''] = coordinate.split(':', 2) as [string, string?];
  if (kind === 'path') return undefined;
  const type = kind === 'field' || kind === 'input_field' ? name.split('.')[0] : name;
  return type ? `path:${type}` : undefined;
}

export function RecordPanel({ api, indexId, coordinate, onOpen }: { api: Api; indexId: string; coordinate: string; onOpen: (c: string) => void }) {
  const [record, setRecord] = useState<Record<string, unknown> | null>();
  const [paths, setPaths] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    setRecord(undefined);
    const path = pathOf(coordinate);
    api.yoko
      .getSymbols({ indexId, coordinates: path ? [coordinate, path] : [coordinate] })
      .then(({ symbols }) => {
        const own = symbols.find((s) => s.coordinate === coordinate);
        setRecord(own ? (JSON.parse(own.payload) as Record<string, unknown>) : null);
        const reach = symbols.find((s) => s.coordinate === path);
        setPaths(reach ? (((JSON.parse(reach.payload) as { Paths?: string[] }).Paths ?? []) as string[]) : []);
        setProblem(undefined);
      })
      .catch((error: unknown) => setProblem(errorText(error)));
  }, [api, indexId, coordinate]);
  return (
    <aside class="record" aria-label={`Record of ${coordinate}`}>
      <h3 class="mono">{coordinate}</h3>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {record === undefined && !problem && <p>Loading…</p>}
      {record === null && <p>This index has no such symbol.</p>}
      {record && (
        <>
          {paths.length > 0 && (
            <>
              <h4>Root paths</h4>
              <ul class="paths">
                {paths.map((p) => (
                  <li class="mono">{p}</li>
                ))}
              </ul>
            </>
          )}
          <h4>Record</h4>
          <pre class="json">{JSON.stringify(record, null, 2)}</pre>
          {typeof record['Parent'] === 'string' && (
            <button type="button" class="link mono" onClick={() => onOpen(record['Parent'] as string)}>
              Open {record['Parent'] as string}
            </button>
          )}
        </>
      )}
    </aside>
  );
}
