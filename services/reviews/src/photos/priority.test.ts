import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { lowerImageThreadPriority } from './priority';

const threads = (name: string) =>
  readdirSync('/proc/self/task')
    .filter((task) => readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === name)
    .map(Number);

(process.platform === 'linux' ? describe : describe.skip)('lowerImageThreadPriority', () => {
  it("raises the nice value of libvips' and libuv's worker threads only", async () => {
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const vips = threads('libvips worker');
    expect(vips.length).toBeGreaterThan(0);
    lowerImageThreadPriority(7);
    for (const tid of [...vips, ...threads('libuv-worker')]) expect(getPriority(tid)).toBe(7);
    expect(getPriority(process.pid)).toBe(0);
    // Never raises a priority back up.
    lowerImageThreadPriority(3);
    for (const tid of vips) expect(getPriority(tid)).toBe(7);
  });
});
