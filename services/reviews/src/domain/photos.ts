import { randomUUID } from 'node:crypto';
import {
  PHOTO_NOT_FOUND,
  PHOTO_WRONG_TYPE,
  photoUrlFor,
  type UploadedPhoto,
} from '@trustcircle/contracts';
import { HttpError, notFound, type Knex } from '@trustcircle/service-kit';
import { detectImageType, sanitizeImage, UnreadableImageError } from '../photos/images';
import { photosStore, type StoredPhoto } from '../store/photos-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createPhotos({ db }: { db: Knex }) {
  return {
    /**
     * All or nothing: every file must be a real JPEG, PNG or WebP (judged by its bytes); each
     * is re-encoded without its metadata and stored for its uploader.
     */
    async upload(ownerId: number, files: Buffer[]): Promise<UploadedPhoto[]> {
      const cleaned: { type: string; bytes: Buffer }[] = [];
      for (const file of files) {
        const type = detectImageType(file);
        if (!type) throw new HttpError(415, PHOTO_WRONG_TYPE);
        try {
          cleaned.push({ type, bytes: await sanitizeImage(file, type) });
        } catch (error) {
          if (error instanceof UnreadableImageError) throw new HttpError(415, PHOTO_WRONG_TYPE);
          throw error;
        }
      }
      return db.transaction(async (trx) => {
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
