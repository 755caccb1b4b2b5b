import { SANDBOX_TOKEN_PATTERN } from '@trustcircle/contracts';

export type VerificationResult =
  | {
      verified: true;
      /** The provider's stable id of the verified person: one account per id. */
      verificationId: string;
      /** When the provider verified the person, if it says; otherwise now. */
      verifiedAt: Date;
    }
  | { verified: false };

/** Design §4: identity asks a provider; the client's own `isVerified` is never trusted. */
export interface VerificationProvider {
  readonly kind: 'sandbox' | 'http';
  verify(token: string): Promise<VerificationResult>;
}

/**
 * The provider could not give a trustworthy answer (timeout, outage, a refused or unsigned
 * channel): nothing is verified and the caller may try again later.
 */
export class VerificationUnavailableError extends Error {
  override name = 'VerificationUnavailableError';
}

/**
 * Development and demo provider: a token `CLR-` followed by 6 to 64 letters or digits is
 * accepted and becomes the verification id; anything else is rejected. Identity refuses to
 * start on it in production (config.ts).
 */
export const sandboxVerificationProvider: VerificationProvider = {
  kind: 'sandbox',
  async verify(token) {
    return SANDBOX_TOKEN_PATTERN.test(token)
      ? { verified: true, verificationId: token, verifiedAt: new Date() }
      : { verified: false };
  },
};
