/** generate: the operation, its variables schema, `unsatisfied`, and whether a model or the composer made it. */
import { useState } from 'preact/hooks';
import { COMPOSED_HEADER, COMPOSED_HEADER_VALUE, type Resolution } from '@discovery/proto/web';
import { errorText, type Api, type Settings } from '../api.js';

export function GenerateView({ api, indexId, settings }: { api: Api; indexId: string; settings: Settings }) {
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState<{ resolution: Resolution | undefined; composed: boolean }>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    let composed = false;
    try {
      const response = await api.yoko.generateQuery(
        { indexId, prompt },
        {
          onHeader: (header) => {
            composed = header.get(COMPOSED_HEADER) === COMPOSED_HEADER_VALUE;
          },
        },
      );
      setAnswer({ resolution: response.resolution, composed });
      setProblem(undefined);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const queries = answer?.resolution?.queries ?? [];
  const unsatisfied = answer?.resolution?.unsatisfied ?? [];
  return (
    <>
      <h2>Generate</h2>
      <form class="controls" onSubmit={run}>
        <label class="wide">
          Request{' '}
          <textarea
            name="prompt"
            rows={3}
            value={prompt}
            onInput={(e) => setPrompt((e.currentTarget as HTMLTextAreaElement).value)}
            required
            placeholder="the data to read or the change to make, in plain words"
          />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? 'Generating…' : 'Generate'}
        </button>
      </form>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {answer && (
        <div role="status">
          <p>
            Made by <strong>{answer.composed ? 'the composer (no language model configured)' : 'the language model'}</strong>
            {answer.resolution?.truncated ? '; stopped early (turns or time ran out)' : ''}.
          </p>
          {queries.length === 0 && <p>No operation fits this request.</p>}
          {queries.map((q) => (
            <article class="operation" aria-label={`Operation ${q.operationName}`}>
              <h3>
                <span class="mono">{q.operationName}</span> <span class="badge">{q.operationType}</span>
              </h3>
              {q.description && <p>{q.description}</p>}
              <h4>Operation</h4>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard (axe's scrollable-region-focusable, docs/console.md) */}
              <pre class="graphql" tabIndex={0}>
                {q.document}
              </pre>
              <h4>Variables schema</h4>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard (axe's scrollable-region-focusable, docs/console.md) */}
              <pre class="json" tabIndex={0}>
                {pretty(q.variablesSchema)}
              </pre>
              {settings.saveAsTool && <SaveAsTool api={api} document={q.document} description={q.description} />}
            </article>
          ))}
          {unsatisfied.length > 0 && (
            <>
              <h4>Unsatisfied</h4>
              <ul class="unsatisfied">
                {unsatisfied.map((u) => (
                  <li>{u.reason}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </>
  );
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Saves the operation into serve's operations folder, where the bridge serves it as a tool. */
function SaveAsTool({ api, document, description }: { api: Api; document: string; description: string }) {
  const [outcome, setOutcome] = useState<string>();
  const [failed, setFailed] = useState(false);
  const save = async () => {
    try {
      const saved = await api.saveOperation(document, description);
      setOutcome(`Saved as ${saved.path}: the bridge serves it as a tool.`);
      setFailed(false);
    } catch (error) {
      setOutcome(errorText(error));
      setFailed(true);
    }
  };
  return (
    <p>
      <button type="button" onClick={() => void save()}>
        Save as tool
      </button>{' '}
      {outcome && (
        <span role={failed ? 'alert' : 'status'} class={failed ? 'error' : ''}>
          {outcome}
        </span>
      )}
    </p>
  );
}
