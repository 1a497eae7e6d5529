/**
 * Named Lua scripts for multi-key atomic updates of one index. Every script's
 * KEYS are keys of that single index (one hash tag), so they run on Redis
 * Cluster. Registered with ioredis `defineCommand` by {@link defineIndexScripts}.
 *
 * Index KEYS order (see keys.ts INDEX_KEY_ORDER):
 *   KEYS[1] meta  KEYS[2] sdl  KEYS[3] art  KEYS[4] tenants  KEYS[5] rc  KEYS[6] rc:exp
 *   KEYS[7] demand  KEYS[8] demand:seen  KEYS[9] art:next  KEYS[10] claims
 * Scripts flagged `allow-oom` only shrink memory, change TTLs or patch a few
 * metadata fields, so they keep working (deletes, touches, recording a failed
 * build) when Redis is at maxmemory;
 * read-only scripts are flagged `no-writes`.
 */
import type { RedisClient } from './redis-client.js';

/** Lua fragment: give `key` the meta key's remaining TTL (if it has one). */
const INHERIT_TTL = `
local function inherit_ttl(meta, key)
  local ttl = redis.call('PTTL', meta)
  if ttl > 0 then redis.call('PEXPIRE', key, ttl) end
end
`;

/** Lua fragment: server time in epoch milliseconds. */
const NOW_MS = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

export const INDEX_SCRIPTS = {
  /**
   * sdEnsure: create the index unless it exists, all or nothing, its idle TTL included; always
   * record the tenant, and the time of its first claim. KEYS: the 10 index keys, then KEYS[11] the
   * staged SDL (redis-sdl.ts; dropped when the index exists). ARGV[1] tenant, ARGV[2] idle TTL ms
   * (0: none), ARGV[3] how the SDL comes: 'staged' in KEYS[11], 'inline' in ARGV[4], or 'claim'
   * (none: only claim an existing index); ARGV[5] the claim time (epoch ms); ARGV[6..] meta
   * field/value pairs. Returns { created (1, 0, or -1 when a claim found no index), meta as flat
   * field/value list, the tenant's claim time (nil for a claim recorded before claim times were) }.
   */
  sdEnsure: {
    numberOfKeys: 11,
    lua: `${INHERIT_TTL}
local created = 0
if redis.call('EXISTS', KEYS[1]) == 0 then
  if ARGV[3] == 'claim' then return { -1, {} } end
  redis.call('DEL', KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8], KEYS[9], KEYS[10])
  if ARGV[3] == 'staged' then
    if redis.call('EXISTS', KEYS[11]) == 0 then return redis.error_reply('SDLSTAGE the staged SDL expired before the index was created') end
    redis.call('RENAME', KEYS[11], KEYS[2])
    redis.call('PERSIST', KEYS[2])
  else
    redis.call('SET', KEYS[2], ARGV[4])
  end
  redis.call('HSET', KEYS[1], unpack(ARGV, 6))
  local ttl = tonumber(ARGV[2])
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
  created = 1
elseif ARGV[3] == 'staged' then
  redis.call('DEL', KEYS[11])
end
if redis.call('SADD', KEYS[4], ARGV[1]) == 1 then redis.call('HSET', KEYS[10], ARGV[1], ARGV[5]) end
inherit_ttl(KEYS[1], KEYS[4])
inherit_ttl(KEYS[1], KEYS[10])
return { created, redis.call('HGETALL', KEYS[1]), redis.call('HGET', KEYS[10], ARGV[1]) }`,
  },

  /**
   * sdPatchMeta: shallow-merge into an existing meta hash.
   * KEYS[1] meta. ARGV[1] n = number of fields to delete, ARGV[2..1+n] those fields,
   * ARGV[2+n..] field/value pairs to set. Returns 1, or 0 when the index is gone.
   * allow-oom: a patch is a few small fields, and recording a failed build (state, error) must work
   * even at maxmemory, or the index would stay `indexing` for ever.
   */
  sdPatchMeta: {
    numberOfKeys: 1,
    lua: `#!lua flags=allow-oom
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local ndel = tonumber(ARGV[1])
if ndel > 0 then redis.call('HDEL', KEYS[1], unpack(ARGV, 2, 1 + ndel)) end
if #ARGV > 1 + ndel then redis.call('HSET', KEYS[1], unpack(ARGV, 2 + ndel)) end
return 1`,
  },

  /**
   * sdStageChunk: one bounded chunk of artifacts being written (redis-artifacts.ts).
   * KEYS[1] meta, KEYS[2] art:next. ARGV[1] 1 to start a new stage (drops a leftover one), ARGV[2] field,
   * ARGV[3] bytes. Returns 1, or 0 when the index is gone (nothing written).
   */
  sdStageChunk: {
    numberOfKeys: 2,
    lua: `${INHERIT_TTL}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[1] == '1' then redis.call('DEL', KEYS[2]) end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
inherit_ttl(KEYS[1], KEYS[2])
return 1`,
  },

  /**
   * sdCommitArtifacts: the staged chunks become the artifacts (RENAME, constant time) and meta is
   * patched, atomically. KEYS[1] meta, KEYS[2] art, KEYS[3] art:next. ARGV[1] n = fields to delete
   * from meta, ARGV[2..1+n] those fields, ARGV[2+n] m = meta pairs to set, then 2m field/value items,
   * then the manifest and the number of chunks staged. Returns 1; 0 when the index is gone; -1 when
   * the stage does not hold exactly this write's chunks (another writer), nothing changed.
   */
  sdCommitArtifacts: {
    numberOfKeys: 3,
    lua: `${INHERIT_TTL}
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[3])
  return 0
end
local i = 1
local ndel = tonumber(ARGV[i]); i = i + 1
local del_from = i
i = i + ndel
local nset = tonumber(ARGV[i]); i = i + 1
local set_from = i
i = i + 2 * nset
if redis.call('HLEN', KEYS[3]) ~= tonumber(ARGV[i + 1]) then return -1 end
redis.call('HSET', KEYS[3], 'manifest', ARGV[i])
redis.call('RENAME', KEYS[3], KEYS[2])
if ndel > 0 then redis.call('HDEL', KEYS[1], unpack(ARGV, del_from, del_from + ndel - 1)) end
if nset > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, set_from, set_from + 2 * nset - 1)) end
redis.call('PERSIST', KEYS[2])
inherit_ttl(KEYS[1], KEYS[2])
return 1`,
  },

  /**
   * sdDelete: delete every key of the index. KEYS: the 10 index keys. No ARGV.
   * Returns { existed (0|1), tenants that had claimed it }.
   */
  sdDelete: {
    numberOfKeys: 10,
    lua: `#!lua flags=allow-oom
local existed = redis.call('EXISTS', KEYS[1])
local tenants = redis.call('SMEMBERS', KEYS[4])
redis.call('DEL', unpack(KEYS))
return { existed, tenants }`,
  },

  /**
   * sdTouch: every key of the index now expires ARGV[1] ms from now (all together).
   * KEYS: the 10 index keys. ARGV[1] idle TTL in ms. Returns 1, or 0 when the index is gone.
   */
  sdTouch: {
    numberOfKeys: 10,
    lua: `#!lua flags=allow-oom
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
return 1`,
  },

  /**
   * sdRemoveTenant: drop one tenant's claim. KEYS[1] meta, KEYS[2] tenants, KEYS[3] claims. ARGV[1] tenant.
   * Returns how many tenants still claim the index (0 when the index is gone).
   */
  sdRemoveTenant: {
    numberOfKeys: 3,
    lua: `#!lua flags=allow-oom
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('SCARD', KEYS[2])`,
  },

  /**
   * sdRelease: drop one tenant's claim and, when no claim remains, delete the index, in one step (a
   * concurrent ensure by another tenant either comes before, and keeps the index, or after, and
   * creates it anew). KEYS: the 10 index keys. ARGV[1] tenant, ARGV[2] its demand tag (optional):
   * the tenant's demand entries go with its claim (issue 23 finding 15). Returns { tenants still
   * claiming, 1 when this call deleted the index }.
   */
  sdRelease: {
    numberOfKeys: 10,
    lua: `#!lua flags=allow-oom
redis.call('SREM', KEYS[4], ARGV[1])
redis.call('HDEL', KEYS[10], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 0 then return { 0, 0 } end
local remaining = redis.call('SCARD', KEYS[4])
if remaining > 0 then
  if ARGV[2] then
    local reasons, seen = ARGV[2] .. '|', ARGV[2] .. '#'
    local gone = {}
    for _, member in ipairs(redis.call('ZRANGE', KEYS[7], 0, -1)) do
      if string.sub(member, 1, #reasons) == reasons then gone[#gone + 1] = member end
    end
    for i = 1, #gone, 500 do redis.call('ZREM', KEYS[7], unpack(gone, i, math.min(i + 499, #gone))) end
    local fields = {}
    for _, field in ipairs(redis.call('HKEYS', KEYS[8])) do
      local head = string.sub(field, 1, #reasons)
      if head == reasons or head == seen then fields[#fields + 1] = field end
    end
    for i = 1, #fields, 500 do redis.call('HDEL', KEYS[8], unpack(fields, i, math.min(i + 499, #fields))) end
  end
  return { remaining, 0 }
end
redis.call('DEL', unpack(KEYS))
return { 0, 1 }`,
  },

  /**
   * sdClaim: when a tenant claimed a live index (epoch ms as a string; the index's createdAt for a
   * claim recorded before claim times were), or nil when it has no claim (works at maxmemory).
   * KEYS[1] meta, KEYS[2] tenants, KEYS[3] claims. ARGV[1] tenant.
   */
  sdClaim: {
    numberOfKeys: 3,
    lua: `#!lua flags=no-writes
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return false end
return redis.call('HGET', KEYS[3], ARGV[1]) or redis.call('HGET', KEYS[1], 'createdAt')`,
  },

  /**
   * sdReadManifest: the artifacts' manifest of a live index and the number of fields they have.
   * KEYS[1] meta, KEYS[2] art. No ARGV. Returns nil when the index is gone, else { manifest or nil, HLEN }.
   */
  sdReadManifest: {
    numberOfKeys: 2,
    lua: `#!lua flags=no-writes
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return { redis.call('HGET', KEYS[2], 'manifest'), redis.call('HLEN', KEYS[2]) }`,
  },

  /**
   * sdReadArtifacts: the artifact hash of a live index written before artifacts were chunked
   * (works at maxmemory). KEYS[1] meta, KEYS[2] art. Returns nil when the index is gone, else HGETALL.
   */
  sdReadArtifacts: {
    numberOfKeys: 2,
    lua: `#!lua flags=no-writes
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('HGETALL', KEYS[2])`,
  },

  /**
   * sdHasTenant: whether a live index is claimed by a tenant (works at maxmemory).
   * KEYS[1] meta, KEYS[2] tenants. ARGV[1] tenant. Returns 1 or 0.
   */
  sdHasTenant: {
    numberOfKeys: 2,
    lua: `#!lua flags=no-writes
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('SISMEMBER', KEYS[2], ARGV[1])`,
  },

  /**
   * sdResultSet: store one result-cache entry of a live index and prune expired ones.
   * KEYS[1] meta, KEYS[2] rc, KEYS[3] rc:exp. ARGV[1] entry key, ARGV[2] value, ARGV[3] ttl ms,
   * ARGV[4] max expired entries pruned per call. Returns 1, or 0 when the index is gone.
   */
  sdResultSet: {
    numberOfKeys: 3,
    lua: `${INHERIT_TTL}${NOW_MS}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local now = now_ms()
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[3]), ARGV[1])
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, tonumber(ARGV[4]))
if #expired > 0 then
  redis.call('HDEL', KEYS[2], unpack(expired))
  redis.call('ZREM', KEYS[3], unpack(expired))
end
inherit_ttl(KEYS[1], KEYS[2])
inherit_ttl(KEYS[1], KEYS[3])
return 1`,
  },

  /**
   * sdResultGet: read one unexpired result-cache entry of a live index.
   * KEYS[1] meta, KEYS[2] rc, KEYS[3] rc:exp. ARGV[1] entry key. Returns the value or nil.
   */
  sdResultGet: {
    numberOfKeys: 3,
    lua: `#!lua flags=no-writes
${NOW_MS}
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local expires = redis.call('ZSCORE', KEYS[3], ARGV[1])
if not expires or tonumber(expires) <= now_ms() then return false end
return redis.call('HGET', KEYS[2], ARGV[1])`,
  },

  /**
   * sdDemandAdd: count reasons in a live index's demand report, bounded in entries per tenant.
   * KEYS[1] meta, KEYS[2] demand, KEYS[3] demand:seen. ARGV[1] now (epoch ms), ARGV[2] max entries
   * per tenant, ARGV[3] the tenant's member prefix (`<tenant tag>|`), ARGV[4..] members
   * (`<tenant tag>|<reason>`). When the tenant is over its bound, its least counted go (by name among
   * equals), so a reason seen once may not enter a full report; other tenants' entries are never
   * dropped for it (issue 23 finding 7). Returns 1, or 0 when the index is gone.
   */
  sdDemandAdd: {
    numberOfKeys: 3,
    lua: `${INHERIT_TTL}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 4, #ARGV do
  redis.call('ZINCRBY', KEYS[2], 1, ARGV[i])
  redis.call('HSET', KEYS[3], ARGV[i], ARGV[1])
end
local max = tonumber(ARGV[2])
if redis.call('ZCARD', KEYS[2]) > max then
  local prefix = ARGV[3]
  local mine = {}
  for _, member in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    if string.sub(member, 1, #prefix) == prefix then mine[#mine + 1] = member end
  end
  local over = #mine - max
  if over > 0 then
    local dropped = { unpack(mine, 1, over) }
    redis.call('ZREM', KEYS[2], unpack(dropped))
    redis.call('HDEL', KEYS[3], unpack(dropped))
  end
end
inherit_ttl(KEYS[1], KEYS[2])
inherit_ttl(KEYS[1], KEYS[3])
return 1`,
  },

  /**
   * sdDemandDay: count reasons of one day in a live index's demand report (the report over time).
   * KEYS[1] meta, KEYS[2] demand:seen. ARGV[1] field (`<tenant tag>#<yyyy-mm-dd>`), ARGV[2] count.
   */
  sdDemandDay: {
    numberOfKeys: 2,
    lua: `${INHERIT_TTL}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[1], ARGV[2])
inherit_ttl(KEYS[1], KEYS[2])
return 1`,
  },

  /**
   * sdNoteSet: set fields of a live index's notes; an empty value deletes the field.
   * KEYS[1] meta, KEYS[2] notes. ARGV: field, value, field, value... Returns 1, or 0 when the index is gone.
   */
  sdNoteSet: {
    numberOfKeys: 2,
    lua: `${INHERIT_TTL}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 1, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[2], ARGV[i]) else redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
end
inherit_ttl(KEYS[1], KEYS[2])
return 1`,
  },
} as const;

export type IndexScriptName = keyof typeof INDEX_SCRIPTS;
type ScriptArg = string | Buffer | number;
/** Runs a named script; `binary` returns bulk strings as Buffers (ioredis `<name>Buffer`). */
export type IndexScriptRunner = (name: IndexScriptName, keys: string[], args: ScriptArg[], binary?: boolean) => Promise<unknown>;

/** Registers every script on `client` (idempotent) and returns a typed runner. */
export function defineIndexScripts(client: RedisClient): IndexScriptRunner {
  for (const [name, script] of Object.entries(INDEX_SCRIPTS)) {
    if (!(name in client)) client.defineCommand(name, { numberOfKeys: script.numberOfKeys, lua: script.lua });
  }
  const commands = client as unknown as Record<string, (...args: ScriptArg[]) => Promise<unknown>>;
  return (name, keys, args, binary = false) => {
    const command = commands[binary ? `${name}Buffer` : name];
    if (!command) throw new Error(`script ${name} is not defined on this client`);
    return command.call(client, ...keys, ...args);
  };
}
