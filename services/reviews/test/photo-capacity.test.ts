import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { copies, uploadPhotos } from './support/photos';
import { createReviewsWorld, type ReviewsWorld } from './support/world';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The decode limiter through the gateway: one decode at a time, one upload waiting, each
 * upload allowed 300 ms of waiting in all. A 12-megapixel PNG takes about 0.1 s to re-encode,
 * so ten of them keep the decoder busy for a second.
 */
const WAIT_MS = 300;
let world: ReviewsWorld;
let twelveMegapixels: Buffer;

beforeAll(async () => {
  world = await createReviewsWorld({
    reviewsEnv: {
      PHOTO_DECODE_CONCURRENCY: '1',
      PHOTO_DECODE_QUEUE: '1',
      PHOTO_DECODE_WAIT_MS: String(WAIT_MS),
    },
  });
  twelveMegapixels = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#5e548e' },
  })
    .png()
    .toBuffer();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

/**
 * Watches the reviews service's next photo upload: when it has read the whole body, and the
 * status it answers with once done (whether or not anyone is still listening).
 */
function watchNextUpload(): { bodyRead: Promise<void>; answered: Promise<number> } {
  const server = world.stack.running.get('reviews')!.server;
  let bodyRead!: () => void;
  let answered!: (status: number) => void;
  const watched = {
    bodyRead: new Promise<void>((resolve) => (bodyRead = resolve)),
    answered: new Promise<number>((resolve) => (answered = resolve)),
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Express has already routed it (req.url is now relative to its mount point).
    if (!req.headers['content-type']?.startsWith('multipart/form-data')) return;
    server.off('request', onRequest);
    req.once('end', bodyRead);
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<typeof end>) => {
      answered(res.statusCode);
      return end(...args);
    }) as typeof res.end;
  };
  server.on('request', onRequest);
  return watched;
}

const photosOf = async (userId: number) =>
  Number((await world.admin('photos').where({ owner_id: userId }).count('* as n'))[0]!.n);

describe('bounded image decoding', () => {
  it('answers 503 with Retry-After when busy, and keeps nothing of a refused upload', async () => {
    // Gateway sessions without registering: argon2 sign-ups would only slow the test down.
    const users = await Promise.all(
      [9001, 9002, 9003, 9004].map(async (id) => ({ id, client: await world.sessionFor(id) })),
    );
    const answers = await Promise.all(
      users.map((user) =>
        uploadPhotos(world.stack.gatewayUrl, user.client, copies(10, twelveMegapixels)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    // Four uploads of a second's decoding each cannot all fit in one decoder and 300 ms.
    expect(statuses).toContain(503);
    for (const [i, answer] of answers.entries()) {
      // All or none: an upload refused halfway through its photos stored none of them.
      expect(await photosOf(users[i]!.id)).toBe(answer.status === 201 ? 10 : 0);
      if (answer.status !== 503) continue;
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toEqual({
        message:
          'Too many photos are being processed right now, so none of these were saved. ' +
          'Please try again in 1 second.',
      });
    }
  }, 60_000);

  it('stores nothing for a caller that hung up while its photos were decoded', async () => {
    // Straight to the service, as the gateway calls it: the gateway closes its upstream
    // request when it gives up waiting (UPSTREAM_TIMEOUT_MS), which is this hang-up.
    const user = { id: 9100 };
    const headers = { authorization: `Bearer ${world.stack.tokenFor(user.id)}` };
    const reviews = world.stack.urlOf('reviews');
    const hangUp = new AbortController();
    const watched = watchNextUpload();
    const upload = uploadPhotos(reviews, null, copies(10, twelveMegapixels), {
      headers,
      signal: hangUp.signal,
    }).catch((error: Error) => error.name);
    await watched.bodyRead;
    // The ten decodes (a second or more) have just begun.
    await sleep(100);
    hangUp.abort();
    expect(await upload).toBe('AbortError');
    // The service stops at the next decode and answers (to no one) "Upload was interrupted".
    expect(await watched.answered).toBe(400);
    expect(await photosOf(user.id)).toBe(0);
    const after = await uploadPhotos(reviews, null, [['one.png', 'image/png', twelveMegapixels]], {
      headers,
    });
    expect(after.status).toBe(201);
    expect(await photosOf(user.id)).toBe(1);
  }, 60_000);
});
