import { SANDBOX_TOKEN_PATTERN } from '@trustcircle/contracts';

export type VerificationResult = { verified: true; verificationId: string } | { verified: false };

/** Design §4: identity asks a provider; the client's own `isVerified` is never trusted. */
export interface VerificationProvider {
  verify(token: string): Promise<VerificationResult>;
}

export class VerificationUnavailableError extends Error {
  override name = 'VerificationUnavailableError';
}

/**
 * Development and demo provider: a token `CLR-` followed by 6 to 64 letters or digits is
 * accepted and becomes the verification id; anything else is rejected.
 */
export const sandboxVerificationProvider: VerificationProvider = {
  async verify(token) {
    return SANDBOX_TOKEN_PATTERN.test(token)
      ? { verified: true, verificationId: token }
      : { verified: false };
  },
};

/**
 * A real provider over HTTP: `POST {url}` with `{ token }`, answered
 * `{ verified: boolean, verificationId?: string }`.
 */
export function httpVerificationProvider(url: string, timeoutMs: number): VerificationProvider {
  return {
    async verify(token) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new VerificationUnavailableError((error as Error).message);
      }
      if (response.status === 400 || response.status === 404 || response.status === 422) {
        return { verified: false };
      }
      if (!response.ok)
        throw new VerificationUnavailableError(`provider answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as {
        verified?: unknown;
        verificationId?: unknown;
      } | null;
      if (
        body?.verified === true &&
        typeof body.verificationId === 'string' &&
        body.verificationId
      ) {
        return { verified: true, verificationId: body.verificationId };
      }
      return { verified: false };
    },
  };
}
