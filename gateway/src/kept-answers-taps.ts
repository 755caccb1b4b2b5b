import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { CHANGED_PARTS_HEADER, partsChangedBy } from '@trustcircle/service-kit';
import type { AnswerTap } from './forward';
import type { Keeping, KeptAnswer, KeptAnswers, Keyed } from './kept-answers';

/*
 * How answers reach and leave the kept answers (kept-answers.ts): replayed to a client, copied
 * from a forward as it passes, dropped by a write's answer, or kept for a call the gateway
 * makes itself.
 */

/** Writes a kept answer as the forward would have written the service's. */
export function sendKept(res: ServerResponse, answer: KeptAnswer): void {
  for (const name in answer.headers) {
    const value = answer.headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(answer.status);
  res.end(answer.body);
}

/**
 * Headers of one passage, never replayed (the replay gets its own), and what a service
 * addresses to the gateway alone.
 */
const UNKEPT_HEADERS = [
  'date',
  'x-request-id',
  'traceparent',
  'tracestate',
  'server-timing',
  CHANGED_PARTS_HEADER,
];

/** Copies a service's answer as it is passed on, and keeps it once it has ended whole. */
export function keepingTap(kept: KeptAnswers, keeping: Keeping): AnswerTap {
  let status = 0;
  let headers: IncomingHttpHeaders = {};
  let chunks: Buffer[] | null = [];
  let bytes = 0;
  return {
    start(statusCode, answerHeaders) {
      status = statusCode;
      if (status !== 200) chunks = null;
      headers = { ...answerHeaders };
      for (const name of UNKEPT_HEADERS) delete headers[name];
    },
    data(chunk) {
      if (!chunks) return;
      bytes += chunk.length;
      // Past any size worth keeping: stop collecting. The chunks are undici's views of
      // socket reads, never reused (res.write holds them too); concat copies them once.
      if (bytes > 512 * 1024) chunks = null;
      else chunks.push(chunk);
    },
    end() {
      if (chunks) kept.keep(keeping, { status, headers, body: Buffer.concat(chunks, bytes) });
    },
  };
}

/**
 * A write passed to `service`: its answers kept so far are dropped as its answer leaves, those
 * of the parts it changed (and of no one part) when its answer names them, else all; nothing
 * when it was refused (`partsChangedBy`).
 */
export function changingTap(kept: KeptAnswers, service: string): AnswerTap {
  let parts: string[] | null = null;
  return {
    start: (status, headers) => {
      parts = partsChangedBy(status, headers[CHANGED_PARTS_HEADER]);
    },
    data: () => undefined,
    end: () => {
      if (parts === null) kept.changed(service);
      else for (const part of parts) kept.changed(service, part);
    },
  };
}

/** What a forward tells the kept answers: a keepable read's copy, or a write's change. */
export function tapFor(
  kept: KeptAnswers,
  method: string,
  keepable: Keyed | undefined,
  service: string,
): AnswerTap | undefined {
  if (keepable) {
    const keeping = kept.begin(keepable);
    return keeping && keepingTap(kept, keeping);
  }
  return method === 'GET' || method === 'HEAD' ? undefined : changingTap(kept, service);
}

/** A service's answer to a call the gateway makes itself, or null when it could not ask. */
export interface CallAnswer {
  status: number;
  body: Buffer;
}

/**
 * A call the gateway makes itself (a half of a composed answer): the kept bytes when current,
 * else `load`'s answer, kept (as `begin` says when) if it is a 200 that `usable` accepts.
 */
export async function keptCall(
  kept: KeptAnswers | undefined,
  keyed: Keyed | undefined,
  load: () => Promise<CallAnswer | null>,
  usable: (answer: CallAnswer) => boolean,
): Promise<CallAnswer | null> {
  if (!kept || !keyed) return load();
  const hit = kept.find(keyed.key);
  if (hit) return { status: hit.status, body: hit.body };
  const keeping = kept.begin(keyed);
  const answer = await load();
  if (keeping && answer?.status === 200 && usable(answer)) {
    // A copy of its own: the answer may be a view of a larger socket read (upstream.ts), whose
    // whole size the kept answers' bound would not count.
    kept.keep(keeping, { status: 200, headers: {}, body: Buffer.from(answer.body) });
  }
  return answer;
}
