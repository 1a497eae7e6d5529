/** The tenant's indexes: readable name, status with build progress, the failure in full, sizes, times; delete. */
import { useState } from 'preact/hooks';
import type { IndexDetails } from '@discovery/proto/web';
import { errorText, type Api } from '../api.js';
import { bytes, count, shortName, when } from '../format.js';

export function IndexesView({
  api,
  indexes,
  onChanged,
  onOpen,
}: {
  api: Api;
  indexes: IndexDetails[] | undefined;
  onChanged: () => Promise<void>;
  onOpen: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState<string>();
  const [problem, setProblem] = useState<string>();
  if (indexes === undefined) return <p>Loading the indexes…</p>;
  if (indexes.length === 0)
    return (
      <p>
        No indexes yet. Index a schema: <code>discovery index schema.graphql</code>, or start serve with <code>--schema</code>.
      </p>
    );
  const remove = async (indexId: string) => {
    try {
      await api.yoko.deleteIndex({ indexId });
      setConfirming(undefined);
      await onChanged();
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return (
    <>
      <h2>Indexes</h2>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <ul class="indexes">
        {indexes.map((index) => (
          <li class={`index ${index.status}`} aria-labelledby={`name-${index.indexId.slice(7, 19)}`}>
            <h3 id={`name-${index.indexId.slice(7, 19)}`} title={index.label || index.indexId}>
              {shortName(index.label, index.indexId)}
            </h3>
            <p class="muted mono">
              {index.label ? `${index.label} · ` : ''}
              {index.indexId}
            </p>
            <Status index={index} />
            {index.failure && <Failure failure={index.failure} />}
            <dl class="facts">
              <dt>Symbols</dt>
              <dd>{count(index.symbolCount)}</dd>
              <dt>Bytes</dt>
              <dd>
                {bytes(index.sdlBytes)} SDL{index.storedBytes > 0n ? `, ${bytes(index.storedBytes)} stored` : ''}
              </dd>
              <dt>Created</dt>
              <dd>{when(index.createdAt)}</dd>
              <dt>Last used</dt>
              <dd>{when(index.lastUsedAt)}</dd>
            </dl>
            <div class="actions">
              {index.status === 'ready' && (
                <button type="button" onClick={() => onOpen(index.indexId)}>
                  Search it
                </button>
              )}
              {confirming === index.indexId ? (
                <>
                  <button type="button" class="danger" onClick={() => void remove(index.indexId)}>
                    Delete {shortName(index.label, index.indexId)} now
                  </button>
                  <button type="button" class="quiet" onClick={() => setConfirming(undefined)}>
                    Keep it
                  </button>
                </>
              ) : (
                <button type="button" class="quiet" onClick={() => setConfirming(index.indexId)}>
                  Delete…
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Status({ index }: { index: IndexDetails }) {
  const progress = index.progress;
  const percent = progress && progress.total > 0n ? Math.round((Number(progress.done) / Number(progress.total)) * 100) : undefined;
  const label = index.status === 'indexing' ? 'building' : index.stale ? 'stale (rebuilding)' : index.status;
  return (
    <p class="status">
      <span class={`badge ${index.status}`}>{label}</span>
      {index.building && (
        <span>
          {' '}
          {progress ? `${progress.stage}${percent !== undefined ? ` ${percent}%` : ''}` : 'queued'}
          {percent !== undefined && <progress max={100} value={percent} aria-label="Build progress" />}
        </span>
      )}
    </p>
  );
}

function Failure({ failure }: { failure: NonNullable<IndexDetails['failure']> }) {
  const where = failure.line > 0 ? `line ${failure.line}, column ${failure.column}` : undefined;
  const kind = failure.kind === 'schema' ? 'The schema is wrong' : failure.kind === 'limit' ? `Over a configured limit (${failure.limit})` : 'The build failed';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of text, not of form controls (which is what fieldset is for)
    <div class="failure" role="group" aria-label="Why it failed">
      <p>
        <strong>{kind}</strong>
        {where && <span> at {where}</span>}:
      </p>
      <pre class="reason">{failure.message}</pre>
    </div>
  );
}
