import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { photoTypeOf } from '@trustcircle/contracts';
import { imageDimensions, sanitizeImage, UnreadableImageError } from './images';

const MAX_PIXELS = 48_000_000;

const pixels = () =>
  sharp({ create: { width: 16, height: 8, channels: 3, background: { r: 200, g: 30, b: 90 } } });

/** An image carrying EXIF with a GPS position and a camera name. */
async function withExif(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return pixels()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Model X', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1', GPSLongitudeRef: 'E' },
    })
    .toFormat(format)
    .toBuffer();
}

describe('photoTypeOf', () => {
  it('recognises JPEG, PNG and WebP by their bytes', async () => {
    expect(photoTypeOf(await pixels().jpeg().toBuffer())).toBe('image/jpeg');
    expect(photoTypeOf(await pixels().png().toBuffer())).toBe('image/png');
    expect(photoTypeOf(await pixels().webp().toBuffer())).toBe('image/webp');
  });

  it('refuses text, GIF, SVG and truncated headers whatever they are called', async () => {
    expect(photoTypeOf(Buffer.from('hello, I am a .jpg'))).toBeNull();
    expect(photoTypeOf(await pixels().gif().toBuffer())).toBeNull();
    expect(photoTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(photoTypeOf(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(photoTypeOf(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(photoTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('sanitizeImage', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('strips EXIF and GPS from %s', async (format) => {
    const original = await withExif(format);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('SpyCam'))).toBe(true);

    const type = photoTypeOf(original)!;
    const clean = await sanitizeImage(original, type, MAX_PIXELS);
    const meta = await sharp(clean).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(clean.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(clean.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(photoTypeOf(clean)).toBe(type);
    expect(meta.width).toBe(16);
  });

  it('drops PNG text chunks', async () => {
    const original = await pixels().png().toBuffer();
    // Hand-made tEXt chunk with a location in it, inserted after IHDR.
    const text = Buffer.from('Comment\0lat=48.85 lon=2.35');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)) >>> 0, 8 + text.length);
    const ihdrEnd = 8 + 25;
    const tagged = Buffer.concat([
      original.subarray(0, ihdrEnd),
      chunk,
      original.subarray(ihdrEnd),
    ]);
    expect(tagged.includes(Buffer.from('lat=48.85'))).toBe(true);
    const clean = await sanitizeImage(tagged, 'image/png', MAX_PIXELS);
    expect(clean.includes(Buffer.from('lat=48.85'))).toBe(false);
  });

  it('refuses a file that only starts like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not a jpeg')]);
    await expect(sanitizeImage(fake, 'image/jpeg', MAX_PIXELS)).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    await expect(imageDimensions(fake)).rejects.toBeInstanceOf(UnreadableImageError);
  });

  it('reads dimensions from the header and refuses to decode past the pixel limit', async () => {
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    expect(await imageDimensions(png)).toEqual({ width: 400, height: 300 });
    await expect(sanitizeImage(png, 'image/png', 400 * 300 - 1)).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    expect((await sharp(await sanitizeImage(png, 'image/png', 400 * 300)).metadata()).width).toBe(
      400,
    );
  });
});
