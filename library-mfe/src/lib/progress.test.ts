import { describe, expect, it } from 'vitest';
import { fileShares } from './progress';

describe('fileShares', () => {
  it('fills the files one after the other, after the fields', () => {
    // 100 bytes of fields and framing, a 1000-byte PDF, a 400-byte image.
    const sizes = [1000, 400];
    const total = 1500;
    expect(fileShares(0, total, sizes)).toEqual([0, 0]);
    expect(fileShares(100, total, sizes)).toEqual([0, 0]);
    expect(fileShares(600, total, sizes)).toEqual([0.5, 0]);
    expect(fileShares(1100, total, sizes)).toEqual([1, 0]);
    expect(fileShares(1300, total, sizes)).toEqual([1, 0.5]);
    expect(fileShares(1500, total, sizes)).toEqual([1, 1]);
  });

  it('is indeterminate without a total, and never leaves 0..1', () => {
    expect(fileShares(10, undefined, [5, 5])).toEqual([null, null]);
    expect(fileShares(5000, 100, [10])).toEqual([1]);
    expect(fileShares(-5, 100, [10])).toEqual([0]);
  });
});
