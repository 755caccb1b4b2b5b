import { currentUserId, requireUser } from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Photos } from '../domain/photos';
import { readPhotoFiles } from '../photos/multipart';

/** `/api/photos`: upload (multipart field `photos`) and serve. */
export function photoRoutes(photos: Photos): Router {
  const router = Router();

  router.post('/', requireUser, async (req, res) => {
    const userId = currentUserId(req);
    const files = await readPhotoFiles(req);
    res.status(201).json(await photos.upload(userId, files));
  });

  router.get('/:id', async (req, res) => {
    const photo = await photos.get(req.params.id ?? '');
    res.set({
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.length),
      'X-Content-Type-Options': 'nosniff',
      // A photo never changes under its id.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    });
    res.end(photo.bytes);
  });

  return router;
}
