// The Lua script that counts one request in every window of one client, and how its keys are
// named. Redis runs a script without interleaving any other command, so the windows of one
// request are decided together and two instances can never both see the last slot of a limit.

/**
 * First, the last `ARGV` is the latest instant, in epoch ms on the Redis server's clock
 * (`TIME`), at which the request may still be counted: past it the caller has given up (and
 * answered 503), so the script changes nothing and returns an empty list. That is what keeps a
 * command that waited in the socket of a hung Redis from counting when Redis resumes.
 *
 * Then, for each key `KEYS[i]` (one hash per client and window name, fields `s` = window start
 * in epoch ms and `c` = count), with `ARGV[2i-1]` = the window's start and `ARGV[2i]` = the
 * milliseconds until it ends by the caller's clock:
 * - no counter yet, or the window starts later than the held one: the counter restarts at 1
 *   and expires when the window ends;
 * - the same or an earlier window (a clock that stepped back, an instance a little behind):
 *   the held window counts on and keeps its expiry.
 * Returns the new counts, in key order. The rules are the in-memory counter store's, so both
 * give the same counts for the same calls.
 *
 * The expiry is relative (`PEXPIRE`), measured on the caller's clock: a Redis host whose clock
 * differs from the instances' neither drops a counter early nor keeps it past its window.
 */
export const COUNT_REQUEST_SCRIPT = `
local clock = redis.call('TIME')
if tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) > tonumber(ARGV[#ARGV]) then
  return {}
end
local counts = {}
for i = 1, #KEYS do
  local start = tonumber(ARGV[2 * i - 1])
  local held = tonumber(redis.call('HGET', KEYS[i], 's'))
  if held == nil or start > held then
    redis.call('HSET', KEYS[i], 's', ARGV[2 * i - 1], 'c', 1)
    redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
    counts[i] = 1
  else
    counts[i] = redis.call('HINCRBY', KEYS[i], 'c', 1)
  end
end
return counts
`;

/** Default prefix of every counter key. */
export const DEFAULT_KEY_PREFIX = 'airq:rate';

/**
 * The key of one client's counter for one window name. The client id sits in a hash tag
 * (`{…}`), so on a Redis Cluster every window of a client lands in one slot and one script can
 * touch them all. The adapter's client ids are hex digests; whatever an id holds, the windows of
 * one client carry the same tag.
 *
 * @example
 * counterKey('airq:rate', '2a97…', 'day'); // 'airq:rate:{2a97…}:day'
 */
export function counterKey(prefix: string, clientId: string, windowName: string): string {
  return `${prefix}:{${clientId}}:${windowName}`;
}
