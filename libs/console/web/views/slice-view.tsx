/** The slice of a topic within a token budget: the exact token count, what was left out, the SDL. */
import { useState } from 'preact/hooks';
import type { GetSchemaSliceResponse } from '@discovery/proto/web';
import { errorText, type Api } from '../api.js';
import { count } from '../format.js';

export function SliceView({ api, indexId }: { api: Api; indexId: string }) {
  const [query, setQuery] = useState('');
  const [budget, setBudget] = useState(2000);
  const [root, setRoot] = useState('query');
  const [slice, setSlice] = useState<GetSchemaSliceResponse & { budget: number }>();
  const [problem, setProblem] = useState<string>();
  const run = async (event: Event) => {
    event.preventDefault();
    try {
      const response = await api.discovery.getSchemaSlice({ indexId, query, maxTokens: budget, roots: [root] });
      setSlice({ ...response, budget });
      setProblem(undefined);
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return (
    <>
      <h2>Slice</h2>
      <form class="controls" onSubmit={run}>
        <label class="wide">
          Topic{' '}
          <input
            type="search"
            name="topic"
            value={query}
            onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
            required
            placeholder="what the operation should read or change"
          />
        </label>
        <label>
          Token budget{' '}
          <input
            type="range"
            min={200}
            max={32000}
            step={100}
            value={budget}
            onInput={(e) => setBudget(Number((e.currentTarget as HTMLInputElement).value))}
            aria-valuetext={`${budget} tokens`}
          />
        </label>
        <label>
          Tokens{' '}
          <input
            type="number"
            name="budget"
            min={200}
            max={32000}
            step={100}
            value={budget}
            onInput={(e) => setBudget(Number((e.currentTarget as HTMLInputElement).value) || 2000)}
          />
        </label>
        <label>
          Root{' '}
          <select value={root} onChange={(e) => setRoot((e.currentTarget as HTMLSelectElement).value)}>
            <option value="query">query</option>
            <option value="mutation">mutation</option>
            <option value="subscription">subscription</option>
          </select>
        </label>
        <button type="submit">Slice</button>
      </form>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {slice && (
        <>
          <p role="status" class="slice-size">
            <strong>{count(slice.tokens)} tokens</strong> of a budget of {count(slice.budget)} (o200k), {slice.coordinates.length} elements
            {slice.truncated ? '; relevant parts were left out for the budget' : ''}.
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable SDL must be reachable by keyboard (axe's scrollable-region-focusable, docs/console.md) */}
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names the focusable scrollable region for screen readers */}
          <pre class="sdl" aria-label="Slice SDL" tabIndex={0}>
            {slice.sdl}
          </pre>
        </>
      )}
    </>
  );
}
