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
    // A service started earlier in this jest worker may have lowered them already: aim above.
    const workers = [...vips, ...threads('libuv-worker')];
    const target = Math.max(7, ...workers.map((tid) => getPriority(tid))) + 2;
    lowerImageThreadPriority(target);
    for (const tid of workers) expect(getPriority(tid)).toBe(target);
    expect(getPriority(process.pid)).toBe(0);
    // Never raises a priority back up.
    lowerImageThreadPriority(3);
    for (const tid of vips) expect(getPriority(tid)).toBe(target);
  });
});
