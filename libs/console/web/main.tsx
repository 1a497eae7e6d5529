/**
 * The console's page: signs in (serve's one-time link, or a token typed in, kept in this tab
 * only), then shows the tenant's indexes and, for the chosen index, search, slice, generate and
 * the demand report, with a few live figures from /metrics. Plain Preact components over the
 * Connect API; every control has a label, the views are tab panels reachable by keyboard.
 */
import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { IndexDetails } from '@discovery/proto/web';
import { apiFor, errorText, loadSettings, signInFromLink, storedToken, storeToken, type Api, type Settings } from './api.js';
import { shortName } from './format.js';
import { DemandView } from './views/demand-view.js';
import { FiguresView } from './views/figures-view.js';
import { GenerateView } from './views/generate-view.js';
import { IndexesView } from './views/indexes-view.js';
import { SearchView } from './views/search-view.js';
import { SliceView } from './views/slice-view.js';
import { TokenForm } from './views/token-form.js';

const TABS = [
  ['indexes', 'Indexes'],
  ['search', 'Search'],
  ['slice', 'Slice'],
  ['generate', 'Generate'],
  ['demand', 'Demand'],
] as const;
type Tab = (typeof TABS)[number][0];

function App() {
  const [settings, setSettings] = useState<Settings>();
  const [token, setToken] = useState<string | undefined>(storedToken());
  const [problem, setProblem] = useState<string>();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void (async () => {
      try {
        setSettings(await loadSettings());
        const signedIn = await signInFromLink();
        if (signedIn instanceof Error) setProblem(signedIn.message);
        else if (signedIn !== undefined) {
          storeToken(signedIn);
          setToken(signedIn);
        }
      } catch (error) {
        setProblem(errorText(error));
      }
      setReady(true);
    })();
  }, []);
  if (!ready) return <p class="loading">Loading the console…</p>;
  if (!settings) return <p role="alert">{problem}</p>;
  const signOut = () => {
    storeToken(undefined);
    setToken(undefined);
  };
  if (settings.auth && token === undefined) {
    return (
      <TokenForm
        settings={settings}
        problem={problem}
        onToken={(value) => {
          storeToken(value);
          setToken(value);
          setProblem(undefined);
        }}
      />
    );
  }
  return <Console api={apiFor(token)} settings={settings} onSignOut={settings.auth ? signOut : undefined} />;
}

function Console({ api, settings, onSignOut }: { api: Api; settings: Settings; onSignOut: (() => void) | undefined }) {
  const [tab, setTab] = useState<Tab>('indexes');
  const [indexes, setIndexes] = useState<IndexDetails[]>();
  const [chosen, setChosen] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const refresh = useCallback(async () => {
    try {
      const { indexes: found } = await api.discovery.listIndexDetails({});
      setIndexes(found);
      setProblem(undefined);
      setChosen((current) => (current && found.some((i) => i.indexId === current) ? current : found.find((i) => i.status === 'ready')?.indexId));
    } catch (error) {
      setProblem(errorText(error));
    }
  }, [api]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    if (!indexes?.some((i) => i.building || i.status === 'indexing')) return;
    const timer = setInterval(() => void refresh(), 1500);
    return () => clearInterval(timer);
  }, [indexes, refresh]);
  const ready = (indexes ?? []).filter((i) => i.status === 'ready');
  const onKey = (event: KeyboardEvent) => {
    const at = TABS.findIndex(([id]) => id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = TABS[(at + step + TABS.length) % TABS.length]![0];
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <>
      <header class="top">
        <h1>Schema discovery</h1>
        <FiguresView />
        {onSignOut && (
          <button type="button" class="quiet" onClick={onSignOut}>
            Sign out
          </button>
        )}
      </header>
      <main>
        {problem && (
          <p role="alert" class="error">
            {problem}
          </p>
        )}
        <div class="bar">
          <div role="tablist" aria-label="Views" onKeyDown={onKey}>
            {TABS.map(([id, label]) => (
              <button
                type="button"
                role="tab"
                id={`tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
              >
                {label}
              </button>
            ))}
          </div>
          {tab !== 'indexes' && (
            <label class="chooser">
              Index{' '}
              <select value={chosen ?? ''} onChange={(e) => setChosen((e.currentTarget as HTMLSelectElement).value || undefined)}>
                {ready.length === 0 && <option value="">no ready index</option>}
                {ready.map((i) => (
                  <option value={i.indexId}>{shortName(i.label, i.indexId)}</option>
                ))}
              </select>
            </label>
          )}
        </div>
        <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'indexes' && (
            <IndexesView
              api={api}
              indexes={indexes}
              onChanged={refresh}
              onOpen={(id) => {
                setChosen(id);
                setTab('search');
              }}
            />
          )}
          {tab !== 'indexes' && !chosen && <p>No index is ready yet: index a schema first (serve --schema, or discovery index).</p>}
          {tab === 'search' && chosen && <SearchView api={api} indexId={chosen} />}
          {tab === 'slice' && chosen && <SliceView api={api} indexId={chosen} />}
          {tab === 'generate' && chosen && <GenerateView api={api} indexId={chosen} settings={settings} />}
          {tab === 'demand' && chosen && <DemandView api={api} indexId={chosen} />}
        </section>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
