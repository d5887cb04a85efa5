"""One owner per table: the fence Redis checks on every write (server only).

Each open table has a fence in the ``NS:fence`` hash: code → ``"EPOCH:PROC"``, the token of
the process holding it and the number of its tenure (1 when the table was created, one more at
every adoption). A process keeps the token it was given (:class:`RedisStore` ``tokens``) and
sends it with every write of that table; :data:`SCRIPT` (one Lua script, so the check and the
write are one atomic step in Redis) applies the write only when the stored fence is still that
token. A process that lost a table (another adopted it: a new token) therefore cannot append
to its log, whatever its clocks and however late its writes arrive; the refusal tells it who
holds the table now, and it stops serving it.

A log append also names the position it expects (``first``, the entries already stored): it is
applied only if the log has exactly that many entries, so no log ever gets a gap or a fork even
through a bug; an append already applied (a retry after a reply lost with the connection) is
recognised and not applied twice. Every write is idempotent, so the store may retry a batch.

What a write returns: 1 done; -1 the log does not end where the writer thought (a bug, or a
retry that does not match: refused); otherwise (a string or nil) the fence is not the writer's
token: the current fence value, or nil when the table has no fence (closed, or lost with a
Redis that keeps nothing).
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("majlis.cluster")

DONE, MISPLACED = 1, -1

# KEYS[1]: the fence hash; the other KEYS as each op says. ARGV[1] op, ARGV[2] code,
# ARGV[3] the writer's token, then the op's own arguments.
SCRIPT = r"""
local op, code, token = ARGV[1], ARGV[2], ARGV[3]
if op == 'claim' then
  -- a new table: KEYS[2] owner hash, KEYS[3] the process's table set; ARGV[4] proc,
  -- ARGV[5] channel, ARGV[6] message
  local held = redis.call('HGET', KEYS[1], code)
  if held and held ~= token then return held end
  redis.call('HSET', KEYS[1], code, token)
  redis.call('HSET', KEYS[2], code, ARGV[4])
  redis.call('SADD', KEYS[3], code)
  redis.call('PUBLISH', ARGV[5], ARGV[6])
  return 1
end
if op == 'unseat' then
  -- not fenced: forget a player's seat only if it is still at this table.
  -- KEYS[2] seat hash; ARGV[4] the player's key, ARGV[5] channel, ARGV[6] message
  if redis.call('HGET', KEYS[2], ARGV[4]) == code then
    redis.call('HDEL', KEYS[2], ARGV[4])
    redis.call('PUBLISH', ARGV[5], ARGV[6])
  end
  return 1
end
local fence = redis.call('HGET', KEYS[1], code)
if fence ~= token then return fence end
if op == 'append' then
  -- KEYS[2] the log, KEYS[3] the table hash; ARGV[4] first, ARGV[5] seats, ARGV[6] clocks
  -- ('' when unchanged), ARGV[7..] the entries
  local n = #ARGV - 6
  if n > 0 then
    local first = tonumber(ARGV[4])
    local len = redis.call('LLEN', KEYS[2])
    if len == first then
      redis.call('RPUSH', KEYS[2], unpack(ARGV, 7))
    elseif len < first + n or redis.call('LINDEX', KEYS[2], first + n - 1) ~= ARGV[#ARGV] then
      return -1
    end
  end
  if ARGV[5] ~= '' then redis.call('HSET', KEYS[3], 'seats', ARGV[5]) end
  if ARGV[6] ~= '' then redis.call('HSET', KEYS[3], 'clocks', ARGV[6]) end
  return 1
end
-- op 'do': plain commands, each NAME KEYINDEX ARGC ARGS... (KEYINDEX 0: no key, PUBLISH)
local allowed = {HSET = true, HDEL = true, SET = true, DEL = true, ZADD = true, ZREM = true,
                 SREM = true, PUBLISH = true}
local i = 4
while i <= #ARGV do
  local name, key, argc = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if not allowed[name] then return redis.error_reply('fencing: ' .. name .. ' not allowed') end
  if key > 0 then
    redis.call(name, KEYS[key], unpack(ARGV, i + 3, i + 2 + argc))
  else
    redis.call(name, unpack(ARGV, i + 3, i + 2 + argc))
  end
  i = i + 3 + argc
end
return 1
"""

# Adoption. KEYS[1] the dead process's lease, KEYS[2] its table set, KEYS[3] the adopter's,
# KEYS[4] the fence hash, KEYS[5] the owner hash, KEYS[6] the process hash. ARGV[1] the lease
# value the adopter saw unchanged for a whole lease ('' for none), ARGV[2] the dead process,
# ARGV[3] the adopter. Nothing is taken if the lease changed since (the process lives);
# otherwise every table still fenced by the dead process gets the next epoch, held by the
# adopter. Returns code, token, code, token... (nil: the lease was renewed).
TAKE = r"""
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return nil end
local out = {}
for _, code in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local fence = redis.call('HGET', KEYS[4], code)
  if fence then
    local epoch, holder = string.match(fence, '^(%d+):(.*)$')
    if holder == ARGV[2] then
      local token = (tonumber(epoch) + 1) .. ':' .. ARGV[3]
      redis.call('HSET', KEYS[4], code, token)
      redis.call('HSET', KEYS[5], code, ARGV[3])
      redis.call('SADD', KEYS[3], code)
      table.insert(out, code)
      table.insert(out, token)
    end
  end
end
redis.call('DEL', KEYS[2])
redis.call('HDEL', KEYS[6], ARGV[2])
return out
"""


def holder_of(fence: object) -> str | None:
    """The process in a fence value ``"EPOCH:PROC"`` (None for none)."""
    if not isinstance(fence, str) or ":" not in fence:
        return None
    return fence.split(":", 1)[1]


def first_token(proc: str) -> str:
    """The fence of a table a process creates: epoch 1, that process."""
    return f"1:{proc}"


def plain(*commands: tuple[str, int, tuple[Any, ...]]) -> list[Any]:
    """The arguments of op ``do`` for ``commands`` (name, key index, arguments)."""
    out: list[Any] = []
    for name, key, args in commands:
        out += [name, key, len(args), *args]
    return out


VOLATILE_HELP = (
    "with --redis: start even if Redis keeps no append-only file (tests, benchmarks; a Redis "
    "restart then loses every table)"
)


class RedisUnsafe(RuntimeError):
    """Redis is configured so that a restart would lose tables (no append-only file)."""


async def check_persistence(redis: Any, allow: bool) -> None:
    """Refuse (:class:`RedisUnsafe`) a Redis that keeps no append-only file, unless ``allow``
    (then warn). Without it, a Redis restart forgets every log, fence and lease: acknowledged
    moves are lost, and the processes that held tables can no longer write them."""
    try:
        conf = await redis.config_get("appendonly")
        save = (await redis.config_get("save")).get("save", "")
        problem = None
        if conf.get("appendonly") != "yes":
            problem = (
                f"Redis keeps no append-only file (appendonly {conf.get('appendonly')!r}, "
                f"save {save!r})"
            )
    except Exception as err:  # CONFIG renamed or forbidden (some managed services)
        problem = f"Redis does not let this server check its persistence ({err})"
    if problem is None:
        return
    if not allow:
        raise RedisUnsafe(
            f"{problem}: a Redis restart would lose acknowledged moves and every table's "
            "owner. Run Redis with 'appendonly yes' (docs/DEPLOY.md), or start with "
            "--allow-volatile-redis to accept that (tests, benchmarks)."
        )
    log.warning("%s; running anyway (--allow-volatile-redis)", problem)
