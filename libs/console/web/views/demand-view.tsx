/** The demand report: what agents asked for that the schema lacks, most asked first and per day. */
import { useEffect, useState } from 'preact/hooks';
import type { GetDemandResponse } from '@discovery/proto/web';
import { errorText, type Api } from '../api.js';
import { count, when } from '../format.js';

export function DemandView({ api, indexId }: { api: Api; indexId: string }) {
  const [demand, setDemand] = useState<GetDemandResponse>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    api.discovery
      .getDemand({ indexId, limit: 50 })
      .then((response) => {
        setDemand(response);
        setProblem(undefined);
      })
      .catch((error: unknown) => setProblem(errorText(error)));
  }, [api, indexId]);
  if (problem)
    return (
      <p role="alert" class="error">
        {problem}
      </p>
    );
  if (!demand) return <p>Loading the demand report…</p>;
  const most = Math.max(1, ...demand.days.map((d) => Number(d.count)));
  return (
    <>
      <h2>Demand</h2>
      <p class="muted">What generate_query was asked for and this schema could not give, for your tenant.</p>
      {demand.entries.length === 0 ? (
        <p>Nothing unanswered recorded for this index.</p>
      ) : (
        <table class="demand">
          <caption>Most asked</caption>
          <thead>
            <tr>
              <th scope="col">Count</th>
              <th scope="col">Reason</th>
              <th scope="col">Last asked</th>
            </tr>
          </thead>
          <tbody>
            {demand.entries.map((entry) => (
              <tr>
                <td class="num">{count(entry.count)}</td>
                <td>{entry.reason}</td>
                <td class="mono">{when(entry.lastSeen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {demand.days.length > 0 && (
        <figure class="days">
          <figcaption>Over time (unanswered reasons per day, last 30 days)</figcaption>
          <ol>
            {demand.days.map((day) => (
              <li>
                <span class="mono">{day.day}</span>
                <span class="bar" style={{ width: `${(Number(day.count) / most) * 100}%` }} aria-hidden="true" />
                <span class="num">{count(day.count)}</span>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </>
  );
}
