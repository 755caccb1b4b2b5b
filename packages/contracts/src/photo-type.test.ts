import { photoTypeOf } from './reviews';

// The wizard passes a plain Uint8Array (the server a Buffer, tested with real images in reviews).
describe('photoTypeOf in the browser', () => {
  it('tells images from other files by their first bytes', () => {
    expect(photoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(photoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(photoTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(photoTypeOf(new TextEncoder().encode('just text, not a photo'))).toBeNull();
    expect(photoTypeOf(new Uint8Array())).toBeNull();
  });
});
