import { Progress } from './progress.ts';

/** A stand-in for stdout that keeps what was written. */
function stream(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  const chunks: string[] = [];
  return {
    isTTY,
    write: (chunk: string) => chunks.push(chunk) > 0,
    text: () => chunks.join(''),
  } as unknown as NodeJS.WriteStream & { text: () => string };
}

function run(out: NodeJS.WriteStream, total: number): void {
  const progress = new Progress('reviews', total, out);
  for (let i = 0; i < total; i += 1) progress.tick();
  progress.finish();
}

describe('Progress', () => {
  it('writes a line at every 10 % to a log, then the count', () => {
    const out = stream(false);
    run(out, 3000);
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('seed | reviews          300 / 3,000  10%');
    expect(lines[8]).toBe('seed | reviews          2,700 / 3,000  90%');
    expect(lines[9]).toMatch(/^seed \| ✓ 3,000 reviews in \d+\.\d s$/);
  });

  it('writes only the final line for a short step', () => {
    const out = stream(false);
    run(out, 12);
    expect(out.text()).toMatch(/^seed \| ✓ 12 reviews in \d+\.\d s\n$/);
  });

  it('redraws one bar in place on a terminal and ends it with the count', () => {
    const out = stream(true);
    run(out, 3000);
    const text = out.text();
    expect(text).not.toMatch(/\n.*\n/);
    expect(text).toContain(
      '\r\x1b[2Kseed | reviews          ████████████████████████  3,000 / 3,000  100%',
    );
    expect(text.slice(text.lastIndexOf('\r'))).toMatch(
      /^\r.\[2Kseed \| ✓ 3,000 reviews in \d+\.\d s\n$/,
    );
  });
});
