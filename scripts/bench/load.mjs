/**
 * autocannon runs for the benchmarks, with their latencies split: the answers on open connections
 * (`open`: the p50 and p99 the targets read) and each connection's first answer (`first`).
 *
 * A connection's first request waits for its accept, and libuv (Node 20 and 24 alike) accepts one
 * connection per turn of the event loop: the 50 connections a run opens at once against a busy
 * server are accepted over a few hundred milliseconds (strace: 50 `accept4` calls in 320-500 ms,
 * one per turn, none finding the queue empty). That wait is no request's time in production, where
 * the front door and the shell keep their connections to the API open, so it is reported apart.
 */
import autocannon from 'autocannon';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

/** autocannon's result, plus `open: { p50, p99 }` and `first: { p99, max }` in milliseconds. */
export function loadRun(options) {
  return new Promise((resolve, reject) => {
    const open = [];
    const first = [];
    const answered = new Set();
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      open.sort((a, b) => a - b);
      first.sort((a, b) => a - b);
      resolve({ ...result, open: { p50: percentile(open, 50), p99: percentile(open, 99) }, first: { p99: percentile(first, 99), max: first.at(-1) ?? 0 } });
    });
    instance.on('response', (client, _status, _bytes, ms) => {
      if (answered.has(client)) open.push(ms);
      else {
        answered.add(client);
        first.push(ms);
      }
    });
  });
}
