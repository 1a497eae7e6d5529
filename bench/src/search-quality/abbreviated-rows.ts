/**
 * The same requests typed the way developers shorten them: every row of the
 * search set whose request uses one of these words, rewritten with the usual
 * short form (`repository` -> `repo`, `pull requests` -> `PRs`, `organization`
 * -> `org`). The table is test data, not the ranking's: the ranking reads
 * abbreviations off each schema's own type names (ranking's abbreviations.ts)
 * and knows none of these.
 */
const SHORT_FORMS: readonly [RegExp, string][] = [
  [/\bpull requests\b/gi, 'PRs'],
  [/\bpull request\b/gi, 'PR'],
  [/\brepositories\b/gi, 'repos'],
  [/\brepository\b/gi, 'repo'],
  [/\borganizations\b/gi, 'orgs'],
  [/\borganization\b/gi, 'org'],
  [/\benvironments\b/gi, 'envs'],
  [/\benvironment\b/gi, 'env'],
  [/\bconfigurations?\b/gi, 'config'],
  [/\binformation\b/gi, 'info'],
  [/\badministrators\b/gi, 'admins'],
  [/\badministrator\b/gi, 'admin'],
  [/\bapplications\b/gi, 'apps'],
  [/\bapplication\b/gi, 'app'],
  [/\bauthentication\b/gi, 'auth'],
  [/\bdescriptions?\b/gi, 'desc'],
  [/\baddresses\b/gi, 'addrs'],
  [/\baddress\b/gi, 'addr'],
  [/\bquantity\b/gi, 'qty'],
  [/\bquantities\b/gi, 'qtys'],
  [/\bdeployments\b/gi, 'deploys'],
  [/\bdeployment\b/gi, 'deploy'],
  [/\bnotifications\b/gi, 'notifs'],
  [/\bnotification\b/gi, 'notif'],
  [/\binventory\b/gi, 'inv'],
];

/** A request with the short forms applied, or undefined when none applies. */
export function abbreviate(query: string): string | undefined {
  let short = query;
  for (const [long, form] of SHORT_FORMS) short = short.replace(long, form);
  return short === query ? undefined : short;
}

/** The rows whose request has a short form, with it (ids unchanged, so the keyword rows stay keyword rows). */
export function abbreviatedRows<Row extends { id: string; query: string }>(rows: readonly Row[]): Row[] {
  return rows.flatMap((row) => {
    const query = abbreviate(row.query);
    return query === undefined ? [] : [{ ...row, query }];
  });
}
