import {
  changedOnly,
  currentUserId,
  hasRole,
  HttpError,
  requireUser,
} from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Photos } from '../domain/photos';
import { readPhotoFiles, UPLOAD_INTERRUPTED } from '../photos/multipart';

/** `/api/photos`: upload (multipart field `photos`) and serve. */
export function photoRoutes(photos: Photos): Router {
  const router = Router();

  router.post('/', requireUser, async (req, res) => {
    const userId = currentUserId(req);
    // A caller that hangs up (or the gateway giving up waiting) has been told the upload
    // failed: stop queueing for it, and store nothing.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort(new HttpError(400, UPLOAD_INTERRUPTED));
    });
    const files = await readPhotoFiles(req);
    const uploaded = await photos.upload(userId, files, gone.signal);
    // An unused photo shows in no kept read (its table is quiet, service.ts): the gateway's
    // and reviews' kept answers outlive it.
    changedOnly(res, []);
    res.status(201).json(uploaded);
  });

  router.get('/:id', async (req, res) => {
    const id = req.params.id ?? '';
    const photo = await photos.get(id, {
      userId: req.auth?.userId ?? null,
      moderator: hasRole(req, 'moderator'),
    });
    // The bytes never change under an id, but a photo stops being served when its review is
    // held or removed: caches keep it 5 minutes at most, then revalidate (a 304 needs the same
    // visibility check as a 200). Photos only its author and moderators see are not cached.
    const etag = `"${id}"`;
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': photo.review?.hidden ? 'private, no-store' : 'public, max-age=300',
      ETag: etag,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    });
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.set({ 'Content-Type': photo.contentType, 'Content-Length': String(photo.bytes.length) });
    res.end(photo.bytes);
  });

  return router;
}
