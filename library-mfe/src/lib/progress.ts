/**
 * Per-file progress of one multipart upload. axios reports the bytes sent of the whole body; the
 * body holds the text fields first, then the files in order. Everything that is not a file
 * (fields, multipart framing) is counted before the first file, so each file's share is the part
 * of its own bytes already sent: 0 until its turn, 1 once past it. `total` unknown: null.
 */
export function fileShares(loaded: number, total: number | undefined, sizes: readonly number[]): Array<number | null> {
  if (!total || total <= 0) return sizes.map(() => null);
  const files = sizes.reduce((sum, size) => sum + size, 0);
  let start = Math.max(total - files, 0);
  return sizes.map((size) => {
    const share = size <= 0 ? (loaded >= start ? 1 : 0) : (loaded - start) / size;
    start += size;
    return Math.min(Math.max(share, 0), 1);
  });
}
