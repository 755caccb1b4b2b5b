import { VERIFICATION_UNAVAILABLE, type ErrorBody } from '@trustcircle/contracts';
import { HttpError, type Logger } from '@trustcircle/service-kit';
import type { TokenMinter } from '../tokens';
import type { Upstreams } from '../upstream';

const IDENTITY_DOWN = 'Sign-in is unavailable right now. Please try again shortly.';

/**
 * The gateway's own calls to identity's `/internal` API (sign-up, sign-in, password resets):
 * an unreachable identity is a 503 with Retry-After, identity's 4xx answers pass on as they
 * are, anything else is a 503; never a stack trace or identity's internals.
 */
export interface IdentityCalls {
  call(path: string, body: unknown): Promise<{ status: number; body: unknown }>;
  relayFailure(status: number, body: unknown): never;
  /** identity's answer when it has `expected` status, otherwise its failure relayed. */
  expect(path: string, body: unknown, expected: number): Promise<unknown>;
}

export function identityCalls(deps: {
  upstreams: Upstreams;
  tokens: TokenMinter;
  identityUrl: string;
  logger: Logger;
}): IdentityCalls {
  async function call(path: string, body: unknown) {
    try {
      return await deps.upstreams.requestJson(deps.identityUrl, {
        method: 'POST',
        path,
        body,
        headers: { authorization: `Bearer ${deps.tokens.internal()}` },
      });
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message }, 'identity unreachable');
      throw new HttpError(503, IDENTITY_DOWN, undefined, { 'Retry-After': '2' });
    }
  }

  function relayFailure(status: number, body: unknown): never {
    const error = body as Partial<ErrorBody> | null;
    // A sign-up with a verification token while the provider is away: say so, not "sign-in".
    if (status === 503 && error?.message === VERIFICATION_UNAVAILABLE) {
      throw new HttpError(503, VERIFICATION_UNAVAILABLE, undefined, { 'Retry-After': '5' });
    }
    if (status >= 500 || typeof error?.message !== 'string') {
      throw new HttpError(503, IDENTITY_DOWN, undefined, { 'Retry-After': '2' });
    }
    throw new HttpError(status, error.message, error.issues);
  }

  async function expect(path: string, body: unknown, expected: number): Promise<unknown> {
    const answer = await call(path, body);
    if (answer.status !== expected) relayFailure(answer.status, answer.body);
    return answer.body;
  }

  return { call, relayFailure, expect };
}
