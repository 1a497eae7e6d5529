/**
 * Words that carry no meaning for schema search: English function words and the
 * phrasing of requests ("show me", "list all", "what are"). Applied to queries and
 * to descriptions, never to identifiers (a field named `first` stays searchable
 * by name).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against also along am an and any are as at be because been
  before being below between both but by can could did do does doing down during each either
  else etc every few for from further get gets getting give given gives go had has have having
  he her here hers him his how i if in into is it its itself just let like lists may me might
  more most much must my need needs no nor not now of off on once only or other our ours out
  over own per please same shall she should show shows so some such than that the their theirs
  them then there these they this those through to too under until up upon us very via want
  wants was we were list listing what whatever when where whether which while who whom whose why will with
  within would you your yours find fetch retrieve return returns returned display tell see
  look lookup including include includes along together using use used currently provide
  provides`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);
