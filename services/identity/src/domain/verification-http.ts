import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from '@trustcircle/service-kit';
import { z } from 'zod';
import {
  VerificationUnavailableError,
  type VerificationProvider,
  type VerificationResult,
} from './verification';

/**
 * The provider protocol (docs/security.md "Verification"): both directions carry
 * `X-Verification-Timestamp` (unix seconds) and `X-Verification-Signature: v1=<hex>`, an
 * HMAC-SHA256 with the shared secret over `<timestamp>.<raw body>`. The secret itself never
 * travels. The request holds a fresh nonce the answer must echo, so an old signed "verified"
 * answer cannot be replayed for another token.
 */
export const TIMESTAMP_HEADER = 'x-verification-timestamp';
export const SIGNATURE_HEADER = 'x-verification-signature';
/** How far the provider's clock may differ from ours before an answer counts as stale. */
const MAX_SKEW_S = 300;
const RETRY_DELAY_MS = 250;

export interface HttpProviderOptions {
  url: string;
  secret: string;
  timeoutMs: number;
  logger?: Logger;
}

const AnswerSchema = z.union([
  z.object({
    nonce: z.string(),
    verified: z.literal(true),
    verificationId: z.string().trim().min(1).max(200),
    verifiedAt: z.iso.datetime({ offset: true }).optional(),
  }),
  z.object({ nonce: z.string(), verified: z.literal(false) }),
]);

export function signature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function signatureMatches(expected: string, given: string | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Not our fault and possibly gone on a second try: a timeout, a refused connection, a 5xx. */
class TransientError extends Error {}

export function httpVerificationProvider(options: HttpProviderOptions): VerificationProvider {
  const { url, secret, timeoutMs, logger } = options;

  const unavailable = (reason: string) => {
    logger?.error({ reason }, 'verification provider gave no trustworthy answer');
    return new VerificationUnavailableError(reason);
  };

  async function ask(body: string): Promise<{ status: number; text: string; headers: Headers }> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signature(secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (response.status >= 500) throw new TransientError(`provider answered ${response.status}`);
      return { status: response.status, text, headers: response.headers };
    } catch (error) {
      if (error instanceof TransientError) throw error;
      // fetch's own errors: timeout (AbortSignal), refused or reset connection.
      throw new TransientError((error as Error).message);
    }
  }

  function readAnswer(
    answer: { status: number; text: string; headers: Headers },
    nonce: string,
  ): VerificationResult {
    // A 401/403 means the provider does not accept our signature: a configuration fault.
    if (answer.status !== 200) throw unavailable(`provider answered ${answer.status}`);
    const timestamp = answer.headers.get(TIMESTAMP_HEADER) ?? '';
    if (
      !signatureMatches(
        signature(secret, timestamp, answer.text),
        answer.headers.get(SIGNATURE_HEADER),
      )
    ) {
      throw unavailable('answer signature missing or wrong');
    }
    if (!(Math.abs(Date.now() / 1000 - Number(timestamp)) <= MAX_SKEW_S)) {
      throw unavailable('answer timestamp outside the allowed clock skew');
    }
    let parsed: z.infer<typeof AnswerSchema>;
    try {
      parsed = AnswerSchema.parse(JSON.parse(answer.text));
    } catch {
      throw unavailable('answer is not the documented JSON');
    }
    if (parsed.nonce !== nonce) throw unavailable('answer is for another request (nonce)');
    if (!parsed.verified) return { verified: false };
    const verifiedAt = parsed.verifiedAt ? new Date(parsed.verifiedAt) : new Date();
    return {
      verified: true,
      verificationId: parsed.verificationId,
      // A provider clock ahead of ours must not date a badge in the future.
      verifiedAt: verifiedAt.getTime() > Date.now() ? new Date() : verifiedAt,
    };
  }

  return {
    kind: 'http',
    async verify(token) {
      const nonce = randomBytes(16).toString('hex');
      const body = JSON.stringify({ token, nonce });
      let answer;
      try {
        answer = await ask(body);
      } catch (first) {
        logger?.warn(
          { reason: (first as Error).message },
          'verification provider failed; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        try {
          answer = await ask(body);
        } catch (second) {
          throw unavailable((second as Error).message);
        }
      }
      return readAnswer(answer, nonce);
    },
  };
}
