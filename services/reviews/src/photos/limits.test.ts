import fc from 'fast-check';
import { busyMessage, megabytes, megapixels, pixelRefusal, quotaRefusal } from './limits';

const MB = 1024 * 1024;
const limits = {
  maxPixels: 48_000_000,
  quotaCount: 500,
  quotaBytes: 512 * MB,
  orphanTtlMinutes: 24 * 60,
};

describe('pixelRefusal', () => {
  it('accepts up to the limit and names the limit and the photo beyond it', () => {
    expect(pixelRefusal({ width: 8000, height: 6000 }, 0, limits.maxPixels)).toBeNull();
    expect(pixelRefusal({ width: 8064, height: 6048 }, 2, limits.maxPixels)).toBe(
      'Each photo must be at most 48 megapixels; photo 3 is 8064 × 6048 pixels (48.8 megapixels)',
    );
  });

  it('refuses exactly the photos with more pixels than the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (width, height, maxPixels) => {
          const refusal = pixelRefusal({ width, height }, 0, maxPixels);
          expect(refusal === null).toBe(width * height <= maxPixels);
          if (refusal) expect(refusal).toContain(`at most ${megapixels(maxPixels)} megapixels`);
        },
      ),
    );
  });
});

describe('quotaRefusal', () => {
  it('counts photos and names the limit', () => {
    expect(quotaRefusal({ count: 490, bytes: 0 }, { count: 10, bytes: 0 }, limits)).toBeNull();
    expect(quotaRefusal({ count: 495, bytes: 0 }, { count: 10, bytes: 0 }, limits)).toBe(
      'You can keep at most 500 photos; you have 495 and this upload adds 10. Remove photos ' +
        'from your reviews to make room; uploads no review uses count until they are deleted, ' +
        '24 hours after upload.',
    );
  });

  it('counts stored bytes; before decoding only a full account is refused', () => {
    const usage = { count: 3, bytes: 510 * MB };
    expect(quotaRefusal(usage, { count: 1, bytes: 0 }, limits)).toBeNull();
    expect(quotaRefusal(usage, { count: 1, bytes: 3 * MB }, limits)).toMatch(
      /^You can keep at most 512 MB of photos; yours take 510 MB and this upload adds 3 MB\./,
    );
    expect(quotaRefusal({ count: 3, bytes: 512 * MB }, { count: 1, bytes: 0 }, limits)).toMatch(
      /^You can keep at most 512 MB of photos; yours take 512 MB\. Remove/,
    );
  });

  it('accepts exactly what fits', () => {
    fc.assert(
      fc.property(
        fc.nat(600),
        fc.nat(20),
        fc.nat(600 * MB),
        fc.integer({ min: 1, max: 20 * MB }),
        (count, adding, bytes, addingBytes) => {
          const refusal = quotaRefusal(
            { count, bytes },
            { count: adding, bytes: addingBytes },
            limits,
          );
          const fits =
            count + adding <= limits.quotaCount && bytes + addingBytes <= limits.quotaBytes;
          expect(refusal === null).toBe(fits);
        },
      ),
    );
  });
});

describe('messages', () => {
  it('formats sizes with at most one decimal', () => {
    expect(megapixels(40_000_000)).toBe('40');
    expect(megapixels(12_345_678)).toBe('12.3');
    expect(megabytes(1.25 * MB)).toBe('1.3');
    expect(busyMessage(4)).toBe(
      'Too many photos are being processed right now, so none of these were saved. ' +
        'Please try again in 4 seconds.',
    );
    expect(busyMessage(1)).toMatch(/try again in 1 second\.$/);
  });
});
