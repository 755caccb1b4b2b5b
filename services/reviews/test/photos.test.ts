import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { TestClient } from '@trustcircle/testing';
import { copies, uploadPhotos } from './support/photos';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

// Small limits, so tests reach them with small images.
const MAX_PIXELS = 2_000_000;
const QUOTA_COUNT = 20;
const QUOTA_BYTES = 200_000;

let world: ReviewsWorld;
let author: { client: TestClient; id: number };
let groupId: number;

beforeAll(async () => {
  world = await createReviewsWorld({
    reviewsEnv: {
      PHOTO_SWEEP_INTERVAL_MS: '200',
      PHOTO_MAX_PIXELS: String(MAX_PIXELS),
      PHOTO_QUOTA_COUNT: String(QUOTA_COUNT),
      PHOTO_QUOTA_BYTES: String(QUOTA_BYTES),
    },
  });
  author = await world.register();
  groupId = await world.group();
  await world.join(author.id, groupId);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

const image = (format: 'jpeg' | 'png' | 'webp', withGps = false) => {
  let pipeline = sharp({
    create: { width: 20, height: 10, channels: 3, background: { r: 10, g: 120, b: 200 } },
  });
  if (withGps) {
    pipeline = pipeline.withExif({
      IFD0: { Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1' },
    });
  }
  return pipeline.toFormat(format).toBuffer();
};

/** Multipart upload through the gateway; `files` are [name, declared type, bytes]. */
const upload = (client: TestClient | null, files: [string, string, Buffer][], field?: string) =>
  uploadPhotos(world.stack.gatewayUrl, client, files, { field });

describe('POST /api/photos', () => {
  it('stores JPEG, PNG and WebP without their metadata and serves them with their real type', async () => {
    const jpeg = await image('jpeg', true);
    expect(jpeg.includes(Buffer.from('SpyCam'))).toBe(true);
    const res = await upload(author.client, [
      // The declared name and type are ignored: the bytes decide.
      ['holiday.png', 'image/png', jpeg],
      ['b.png', 'image/png', await image('png')],
      ['c.webp', 'application/octet-stream', await image('webp')],
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(3);
    for (const photo of res.body) {
      expect(photo.url).toBe(`/api/photos/${photo.id}`);
    }
    const served = await fetch(`${world.stack.gatewayUrl}${res.body[0].url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Revocable: a held review's photos must stop being served, so no long immutable cache.
    expect(served.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = served.headers.get('etag')!;
    expect(etag).toBe(`"${res.body[0].id}"`);
    const revalidated = await fetch(`${world.stack.gatewayUrl}${res.body[0].url}`, {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const png = await fetch(`${world.stack.gatewayUrl}${res.body[1].url}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    const webp = await fetch(`${world.stack.gatewayUrl}${res.body[2].url}`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a .jpg holding text, and GIFs, with 415 JSON', async () => {
    const text = await upload(author.client, [
      ['photo.jpg', 'image/jpeg', Buffer.from('I am not a picture at all')],
    ]);
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: 'Photos must be JPEG, PNG or WebP images' });
    const gif = await upload(author.client, [
      [
        'a.gif',
        'image/gif',
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      ],
    ]);
    expect(gif.status).toBe(415);
  });

  it('refuses a photo over 5 MB with 413 JSON', async () => {
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(author.client, [['big.jpg', 'image/jpeg', big]]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Each photo must be at most 5 MB' });
  });

  it('refuses more than 10 photos, no photos, anonymous callers and JSON bodies', async () => {
    const small = await image('png');
    const many = await upload(author.client, copies(11, small));
    expect(many.status).toBe(400);
    expect((await upload(author.client, [['a.png', 'image/png', small]], 'other')).status).toBe(
      400,
    );
    expect((await upload(null, [['a.png', 'image/png', small]])).status).toBe(401);
    const json = await author.client.post('/api/photos', { photos: [] });
    expect(json.status).toBe(415);
  });

  it('serves photos of held reviews only to their author and moderators', async () => {
    const [photo] = (await upload(author.client, [['a.png', 'image/png', await image('png')]]))
      .body;
    const businessId = await world.business();
    const created = await author.client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { photos: [photo.url] }),
    );
    expect(created.status).toBe(201);
    const reader = await world.register();
    expect((await reader.client.get(photo.url)).status).toBe(200);
    const reporter = await world.register();
    await world.admin('users').where({ id: reporter.id }).update({ is_verified: true });
    expect(
      (await reporter.client.post(`/api/reviews/${created.body.id}/report`, { reason: 'spam' }))
        .status,
    ).toBe(201);

    const hidden = await reader.client.get(photo.url);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: 'Photo not found' });
    // A cached copy revalidating gets the same answer, not a 304.
    expect((await reader.client.get(photo.url, { 'if-none-match': `"${photo.id}"` })).status).toBe(
      404,
    );
    expect((await world.stack.client().get(photo.url)).status).toBe(404);
    const own = await author.client.get(photo.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const moderator = new TestClient(world.stack.urlOf('reviews'));
    const token = world.stack.tokenFor(reader.id, ['moderator']);
    expect((await moderator.get(photo.url, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('answers 404 JSON for unknown photo ids', async () => {
    const unknown = await fetch(
      `${world.stack.gatewayUrl}/api/photos/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Photo not found' });
    expect((await fetch(`${world.stack.gatewayUrl}/api/photos/12`)).status).toBe(404);
  });
});

describe('photos on reviews', () => {
  it("attaches the author's uploads; refuses someone else's or unknown ones", async () => {
    const [photo] = (await upload(author.client, [['a.png', 'image/png', await image('png')]]))
      .body;
    const businessId = await world.business();
    const res = await author.client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { photos: [photo.url] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.photos).toEqual([photo.url]);
    expect(await world.admin('photos').where({ id: photo.id }).first('review_id')).toEqual({
      review_id: res.body.id,
    });

    const other = await world.register();
    await world.join(other.id, groupId);
    const stolen = await other.client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { photos: [photo.url] }),
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('Photo not found');
    const external = await other.client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { photos: ['https://evil.example/x.jpg'] }),
    );
    expect(external.status).toBe(400);
  });

  it('deletes uploads no review used once they are older than the limit', async () => {
    const [kept] = (await upload(author.client, [['a.png', 'image/png', await image('png')]])).body;
    const [orphan] = (await upload(author.client, [['b.png', 'image/png', await image('png')]]))
      .body;
    const businessId = await world.business();
    await author.client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { photos: [kept.url] }),
    );
    await world
      .admin('photos')
      .whereIn('id', [kept.id, orphan.id])
      .update({
        created_at: world.admin.raw(`now() - interval '25 hours'`),
      });
    await world.until(
      async () => !(await world.admin('photos').where({ id: orphan.id }).first()),
      'the orphan to be swept',
    );
    expect(await world.admin('photos').where({ id: kept.id }).first('id')).toBeDefined();
    expect((await fetch(`${world.stack.gatewayUrl}${orphan.url}`)).status).toBe(404);
    expect((await fetch(`${world.stack.gatewayUrl}${kept.url}`)).status).toBe(200);
  });
});

describe('limits on image work', () => {
  const photosOf = async (userId: number) =>
    Number((await world.admin('photos').where({ owner_id: userId }).count('* as n'))[0]!.n);
  const flat = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();

  it('refuses a photo over the pixel limit with 413 naming the limit, and keeps none of the upload', async () => {
    const user = await world.register();
    const fits = await flat(2000, 1000);
    const tooBig = await flat(1600, 1300);
    const res = await upload(user.client, [
      ['fits.png', 'image/png', fits],
      ['huge.png', 'image/png', tooBig],
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message:
        'Each photo must be at most 2 megapixels; photo 2 is 1600 × 1300 pixels (2.1 megapixels)',
    });
    expect(await photosOf(user.id)).toBe(0);
    expect((await upload(user.client, [['fits.png', 'image/png', fits]])).status).toBe(201);
  });

  it('refuses uploads past the photo count quota; unattached photos count until swept', async () => {
    const user = await world.register();
    const small = await image('png');
    expect((await upload(user.client, copies(10, small))).status).toBe(201);
    expect((await upload(user.client, copies(10, small))).status).toBe(201);
    const refused = await upload(user.client, copies(1, small));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      message:
        'You can keep at most 20 photos; you have 20 and this upload adds 1. Remove photos from ' +
        'your reviews to make room; uploads no review uses count until they are deleted, 24 ' +
        'hours after upload.',
    });
    expect(await photosOf(user.id)).toBe(QUOTA_COUNT);

    await world
      .admin('photos')
      .where({ owner_id: user.id })
      .update({ created_at: world.admin.raw(`now() - interval '25 hours'`) });
    await world.until(
      async () => (await photosOf(user.id)) === 0,
      'the unused uploads to be swept',
    );
    expect((await upload(user.client, copies(1, small))).status).toBe(201);
  });

  it('lets only one of two parallel uploads take the last room', async () => {
    const user = await world.register();
    const small = await image('png');
    expect((await upload(user.client, copies(10, small))).status).toBe(201);
    expect((await upload(user.client, copies(5, small))).status).toBe(201);
    const answers = await Promise.all([
      upload(user.client, copies(5, small)),
      upload(user.client, copies(5, small)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    expect(await photosOf(user.id)).toBe(QUOTA_COUNT);
  });

  it('refuses uploads past the byte quota, counting bytes as stored', async () => {
    const user = await world.register();
    // Noise does not compress: about 120 kB as stored, so two do not fit in 200 kB.
    const noise = await sharp(randomBytes(200 * 200 * 3), {
      raw: { width: 200, height: 200, channels: 3 },
    })
      .png()
      .toBuffer();
    expect((await upload(user.client, [['a.png', 'image/png', noise]])).status).toBe(201);
    const refused = await upload(user.client, [['b.png', 'image/png', noise]]);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(
      /^You can keep at most 0\.2 MB of photos; yours take 0\.1 MB and this upload adds 0\.1 MB\. Remove photos/,
    );
    expect(await photosOf(user.id)).toBe(1);
    const stored = await world.admin('photos').where({ owner_id: user.id }).sum('size as bytes');
    expect(Number(stored[0]!.bytes)).toBeGreaterThan(QUOTA_BYTES / 2);
  });
});
