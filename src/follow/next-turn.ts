// Long work on the thread that answers requests (a poll's batch read, split or stored) gives
// way between its pieces, so that a request that arrived meanwhile is answered within a piece's
// time rather than the whole work's.

/**
 * Resolves after a turn of the event loop, in which pending I/O (requests, answers, timers) is
 * handled: `setImmediate` where there is one (Node), else a timer of 0 ms.
 *
 * @example
 * for (const piece of pieces) {
 *   work(piece);
 *   await nextTurn();
 * }
 */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
