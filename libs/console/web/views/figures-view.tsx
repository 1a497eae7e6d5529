/** A few live figures from the service's /metrics: searches, cold loads of indexes, the build queue. */
import { useEffect, useState } from 'preact/hooks';
import { sumSamples } from '../metrics-text.js';

interface Figures {
  searches: number;
  coldLoads: number;
  buildQueue: number;
}

export function FiguresView() {
  const [figures, setFigures] = useState<Figures>();
  useEffect(() => {
    const load = () =>
      fetch('/metrics', { cache: 'no-store' })
        .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
        .then((text) =>
          setFigures({
            searches: sumSamples(text, 'discovery_requests_total', { method: 'SearchSchema' }),
            coldLoads: sumSamples(text, 'discovery_cache_lookups_total', { cache: 'index', result: 'miss' }),
            buildQueue: sumSamples(text, 'discovery_queue_jobs', { queue: 'index-build' }) + sumSamples(text, 'discovery_index_builds_running', {}),
          }),
        )
        .catch(() => setFigures(undefined));
    void load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  if (!figures) return null;
  return (
    <dl class="figures" aria-label="Live figures">
      <div>
        <dt>Searches</dt>
        <dd>{figures.searches.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Cold loads</dt>
        <dd>{figures.coldLoads.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Build queue</dt>
        <dd>{figures.buildQueue.toLocaleString('en-US')}</dd>
      </div>
    </dl>
  );
}
