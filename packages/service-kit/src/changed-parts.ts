import type { ServerResponse } from 'node:http';

/**
 * The answer header in which a service tells the gateway which parts of it a write changed
 * (`business:42`), so that the gateway ends only the answers it keeps of those parts (and of no
 * one part) as the write's answer leaves, where it ended all of the service's before. It is
 * addressed to the gateway alone, which never passes it on. Without it a write changed any part.
 */
export const CHANGED_PARTS_HEADER = 'tc-changed-parts';

/** The value for a write that changed nothing (a vote cast again). */
const NOTHING = 'none';

/** A part as change notices name it: a kind and an id spelled as a row has it. */
const PART = /^[a-z]+:[1-9][0-9]{0,9}$/;

/**
 * The write `res` answers changed only these parts of its service (none: nothing). Its own
 * kept reads (`KeptWhileUnchanged.endedByWrites`) and the gateway's end only what shows them.
 */
export function changedOnly(res: ServerResponse, parts: readonly string[]): void {
  if (!parts.every((part) => PART.test(part))) throw new Error(`not a part: ${parts.join(',')}`);
  res.setHeader(CHANGED_PARTS_HEADER, parts.length === 0 ? NOTHING : parts.join(','));
}

/**
 * The parts an answer's header names, or null when it names none that can be trusted (absent,
 * repeated, or malformed): the write may then have changed any part.
 */
export function parseChangedParts(value: unknown): string[] | null {
  if (typeof value !== 'string') return null;
  if (value === NOTHING) return [];
  const parts = value.split(',');
  return parts.every((part) => PART.test(part)) ? parts : null;
}

/**
 * The parts a write changed, from its answer's status and header: none when the service refused
 * it (4xx changes nothing; anything such a write did commit is announced by Postgres' notices
 * like any write), else the header's parts (null: any). So a client's refused writes, at the
 * rate its write limits allow, do not end everyone's kept answers of the service.
 */
export function partsChangedBy(status: number, header: unknown): string[] | null {
  return status >= 400 && status < 500 ? [] : parseChangedParts(header);
}
