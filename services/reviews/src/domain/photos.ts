import { randomUUID } from 'node:crypto';
import {
  PHOTO_NOT_FOUND,
  PHOTO_URL_PATTERN,
  PHOTO_WRONG_TYPE,
  photoUrlFor,
  photoTypeOf,
  type PhotoType,
  type UploadedPhoto,
} from '@trustcircle/contracts';
import { HttpError, notFound, type Knex } from '@trustcircle/service-kit';
import type { ReviewsConfig } from '../config';
import {
  imageDimensions,
  sanitizeImage,
  setImageThreads,
  UnreadableImageError,
} from '../photos/images';
import { CapacityError, createWorkLimiter } from '../photos/limiter';
import { busyMessage, pixelRefusal, quotaRefusal, type PhotoLimits } from '../photos/limits';
import { lowerImageThreadPriority } from '../photos/priority';
import { photosStore, type StoredPhoto } from '../store/photos-store';

/** The photo ids of a review's photo URLs (checked by the request's schema). */
export const photoIdsOf = (urls: string[]): string[] =>
  urls.map((url) => PHOTO_URL_PATTERN.exec(url)![1]!);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type PhotoSettings = Pick<
  ReviewsConfig,
  | 'PHOTO_MAX_PIXELS'
  | 'PHOTO_DECODE_CONCURRENCY'
  | 'PHOTO_DECODE_THREADS'
  | 'PHOTO_DECODE_NICE'
  | 'PHOTO_DECODE_QUEUE'
  | 'PHOTO_DECODE_WAIT_MS'
  | 'PHOTO_QUOTA_COUNT'
  | 'PHOTO_QUOTA_BYTES'
  | 'PHOTO_ORPHAN_TTL_MINUTES'
>;

const unreadable = (error: unknown) =>
  error instanceof UnreadableImageError ? new HttpError(415, PHOTO_WRONG_TYPE) : error;

export function createPhotos({ db, config }: { db: Knex; config: PhotoSettings }) {
  const limits: PhotoLimits = {
    maxPixels: config.PHOTO_MAX_PIXELS,
    quotaCount: config.PHOTO_QUOTA_COUNT,
    quotaBytes: config.PHOTO_QUOTA_BYTES,
    orphanTtlMinutes: config.PHOTO_ORPHAN_TTL_MINUTES,
  };
  setImageThreads(config.PHOTO_DECODE_THREADS);
  // One per app (a process runs one): decodes are what can take every core, whoever asks.
  const decoding = createWorkLimiter({
    concurrency: config.PHOTO_DECODE_CONCURRENCY,
    maxWaiting: config.PHOTO_DECODE_QUEUE,
  });
  const retryAfter = Math.max(1, Math.ceil(config.PHOTO_DECODE_WAIT_MS / 1000));
  const busy = () =>
    new HttpError(503, busyMessage(retryAfter), undefined, { 'Retry-After': String(retryAfter) });

  const decodeOne = async (file: { bytes: Buffer; type: PhotoType }) => {
    lowerImageThreadPriority(config.PHOTO_DECODE_NICE);
    try {
      return await sanitizeImage(file.bytes, file.type, limits.maxPixels);
    } finally {
      // Threads libvips started for this decode.
      lowerImageThreadPriority(config.PHOTO_DECODE_NICE);
    }
  };

  /** Re-encodes each file in turn, each decode when the limiter gives it a turn. */
  async function decodeAll(
    files: { bytes: Buffer; type: PhotoType }[],
    signal: AbortSignal | undefined,
  ): Promise<{ type: PhotoType; bytes: Buffer }[]> {
    // One budget for the whole upload, so its answer comes well before the gateway's timeout.
    const deadline = Date.now() + config.PHOTO_DECODE_WAIT_MS;
    const cleaned: { type: PhotoType; bytes: Buffer }[] = [];
    for (const file of files) {
      const bytes = await decoding
        .run(() => decodeOne(file), {
          waitMs: deadline - Date.now(),
          signal,
        })
        .catch((error: unknown) => {
          throw error instanceof CapacityError ? busy() : unreadable(error);
        });
      cleaned.push({ type: file.type, bytes });
    }
    return cleaned;
  }

  return {
    /**
     * All or nothing: every file must be a real JPEG, PNG or WebP (judged by its bytes) within
     * the pixel limit and the uploader's quota; each is re-encoded without its metadata, with
     * bounded concurrency, and all are stored in one transaction. `signal` aborts when the
     * caller has gone: nothing is stored for a caller that was told the upload failed.
     */
    async upload(ownerId: number, files: Buffer[], signal?: AbortSignal): Promise<UploadedPhoto[]> {
      // Headers only, before any decoding: a refusal here costs milliseconds.
      const checked: { bytes: Buffer; type: PhotoType }[] = [];
      for (const [index, bytes] of files.entries()) {
        const type = photoTypeOf(bytes);
        if (!type) throw new HttpError(415, PHOTO_WRONG_TYPE);
        const dimensions = await imageDimensions(bytes).catch((error: unknown) => {
          throw unreadable(error);
        });
        const tooBig = pixelRefusal(dimensions, index, limits.maxPixels);
        if (tooBig) throw new HttpError(413, tooBig);
        checked.push({ bytes, type });
      }
      const usage = await photosStore.usage(db, ownerId);
      const full = quotaRefusal(usage, { count: files.length, bytes: 0 }, limits);
      if (full) throw new HttpError(413, full);

      const cleaned = await decodeAll(checked, signal);
      signal?.throwIfAborted();
      return db.transaction(async (trx) => {
        await photosStore.lockOwner(trx, ownerId);
        const stored = cleaned.reduce((sum, photo) => sum + photo.bytes.length, 0);
        const over = quotaRefusal(
          await photosStore.usage(trx, ownerId),
          { count: cleaned.length, bytes: stored },
          limits,
        );
        if (over) throw new HttpError(413, over);
        const uploaded: UploadedPhoto[] = [];
        for (const photo of cleaned) {
          const id = randomUUID();
          await photosStore.insert(trx, {
            id,
            ownerId,
            contentType: photo.type,
            bytes: photo.bytes,
          });
          uploaded.push({ id, url: photoUrlFor(id) });
        }
        // Last chance to roll back for a caller that left while we worked.
        signal?.throwIfAborted();
        return uploaded;
      });
    },

    /** Photos of held or removed reviews only for their author and moderators. */
    async get(
      id: string,
      viewer: { userId: number | null; moderator: boolean },
    ): Promise<StoredPhoto> {
      const photo = UUID.test(id) ? await photosStore.find(db, id) : null;
      if (!photo) throw notFound(PHOTO_NOT_FOUND);
      const review = photo.review;
      if (review?.hidden && !viewer.moderator && review.authorId !== viewer.userId) {
        throw notFound(PHOTO_NOT_FOUND);
      }
      return photo;
    },
  };
}
export type Photos = ReturnType<typeof createPhotos>;
