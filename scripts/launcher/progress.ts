/**
 * Progress of one long step, readable in a terminal and in a log. On a terminal one bar is
 * redrawn in place; otherwise (CI, a file) a line at every 10 %, so a log shows the step moving
 * without thousands of lines. Every step ends with one line: its count and how long it took.
 */
import { seconds } from './output.ts';

const BAR = 24;
const REDRAW_MS = 100;
/** Below this many items a step prints only its final line. */
const LINES_FROM = 50;

export class Progress {
  private done = 0;
  private lastTenth = 0;
  private lastDraw = 0;
  private readonly started = Date.now();
  private readonly label: string;
  private readonly total: number;
  private readonly out: NodeJS.WriteStream;

  constructor(label: string, total: number, out: NodeJS.WriteStream = process.stdout) {
    this.label = label;
    this.total = total;
    this.out = out;
  }

  private counts(): string {
    const percent = this.total ? Math.floor((this.done * 100) / this.total) : 100;
    return `${this.done.toLocaleString('en')} / ${this.total.toLocaleString('en')}  ${percent}%`;
  }

  tick(): void {
    this.done += 1;
    if (this.out.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < REDRAW_MS && this.done < this.total) return;
      this.lastDraw = now;
      const filled = this.total ? Math.round((this.done / this.total) * BAR) : BAR;
      const bar = '█'.repeat(filled) + '░'.repeat(BAR - filled);
      this.out.write(`\r\x1b[2Kseed | ${this.label.padEnd(16)} ${bar}  ${this.counts()}`);
      return;
    }
    if (this.total < LINES_FROM) return;
    const tenth = Math.floor((this.done * 10) / this.total);
    if (tenth > this.lastTenth && this.done < this.total) {
      this.lastTenth = tenth;
      this.out.write(`seed | ${this.label.padEnd(16)} ${this.counts()}\n`);
    }
  }

  /** The step's last line; `what` defaults to the count and the label ("300 users"). */
  finish(what = `${this.done.toLocaleString('en')} ${this.label}`): void {
    if (this.out.isTTY) this.out.write('\r\x1b[2K');
    this.out.write(`seed | ✓ ${what} in ${seconds(Date.now() - this.started)}\n`);
  }
}
