/**
 * The rules that bound what one upload may cost and what one account may keep, and the
 * messages that name the limit a refused upload ran into (docs/security.md, "Photos").
 */
export interface PhotoLimits {
  /** Width × height of one photo, read from its header before decoding. */
  maxPixels: number;
  /** Photos one account keeps, attached or not (unattached ones until the sweeper deletes them). */
  quotaCount: number;
  /** Bytes one account keeps, as stored (after re-encoding). */
  quotaBytes: number;
  /** How long unattached uploads live (the sweeper's TTL), for the quota message. */
  orphanTtlMinutes: number;
}

export interface PhotoUsage {
  count: number;
  bytes: number;
}

const MB = 1024 * 1024;
const oneDecimal = (value: number) => String(Number(value.toFixed(1)));
export const megapixels = (pixels: number) => oneDecimal(pixels / 1_000_000);
export const megabytes = (bytes: number) => oneDecimal(bytes / MB);

/** The refusal for photo `index` (0-based) of an upload, or null when it is within the limit. */
export function pixelRefusal(
  dimensions: { width: number; height: number },
  index: number,
  maxPixels: number,
): string | null {
  const { width, height } = dimensions;
  if (width * height <= maxPixels) return null;
  return (
    `Each photo must be at most ${megapixels(maxPixels)} megapixels; photo ${index + 1} is ` +
    `${width} × ${height} pixels (${megapixels(width * height)} megapixels)`
  );
}

/**
 * The refusal for adding `adding` to what the account keeps, or null when it fits. The
 * stored size is known only after re-encoding: the check before decoding passes `bytes: 0`
 * and refuses only an account already full.
 */
export function quotaRefusal(
  usage: PhotoUsage,
  adding: PhotoUsage,
  limits: PhotoLimits,
): string | null {
  const hours = oneDecimal(limits.orphanTtlMinutes / 60);
  const advice =
    `Remove photos from your reviews to make room; uploads no review uses count until they ` +
    `are deleted, ${hours} hours after upload.`;
  if (usage.count + adding.count > limits.quotaCount) {
    return (
      `You can keep at most ${limits.quotaCount} photos; you have ${usage.count} and this ` +
      `upload adds ${adding.count}. ${advice}`
    );
  }
  if (usage.bytes + adding.bytes > limits.quotaBytes || usage.bytes >= limits.quotaBytes) {
    const added = adding.bytes ? ` and this upload adds ${megabytes(adding.bytes)} MB` : '';
    return (
      `You can keep at most ${megabytes(limits.quotaBytes)} MB of photos; yours take ` +
      `${megabytes(usage.bytes)} MB${added}. ${advice}`
    );
  }
  return null;
}

/** When the image workers are saturated: nothing of the upload is kept. */
export const busyMessage = (retryAfterSeconds: number) =>
  `Too many photos are being processed right now, so none of these were saved. ` +
  `Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`;
