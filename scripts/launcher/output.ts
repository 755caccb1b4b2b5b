/** The launcher's own lines, beside the processes' `<name> |` lines. */
export const say = (line: string): void => {
  process.stdout.write(`launcher | ${line}\n`);
};

export const fail = (line: string): never => {
  process.stderr.write(`\n✖ ${line}\n\n`);
  process.exit(1);
};

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
