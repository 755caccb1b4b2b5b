import { BaseServiceEnvSchema, configFields, mailEnvFields } from '@trustcircle/service-kit';
import { z } from 'zod';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;
const isLoopback = (url: string) =>
  URL.canParse(url) && LOOPBACK.test(new URL(url).hostname.replace(/\.$/, ''));

export const IdentityEnvSchema = BaseServiceEnvSchema.extend({
  /** `sandbox` (development only; tokens `CLR-` + 6..64 letters/digits) or `http` (a real provider). */
  VERIFICATION_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  VERIFICATION_URL: configFields.url().optional(),
  /** Shared with the provider: signs requests and answers (HMAC-SHA256), never sent itself. */
  VERIFICATION_SECRET: z.string().optional(),
  /** Per attempt; a timeout or 5xx is retried once. */
  VERIFICATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /** Password resets and address confirmations are mailed (SMTP_URL, MAIL_FROM, PUBLIC_URL). */
  ...mailEnvFields,
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production') {
    // The defaults suit `npm start` only: in production mail would go nowhere, or carry links
    // nobody can open.
    for (const key of ['SMTP_URL', 'PUBLIC_URL'] as const) {
      if (isLoopback(env[key])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `points at this machine (${new URL(env[key]).host}); in production set ${key} to ${
            key === 'SMTP_URL'
              ? 'your mail provider (smtp:// or smtps://)'
              : 'the address people open TrustCircle at'
          }`,
        });
      }
    }
  }
  if (env.VERIFICATION_PROVIDER === 'sandbox') {
    // The sandbox verifies any well-formed token: in production it would hand out the 1.5×
    // trust weight to anyone.
    if (env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFICATION_PROVIDER'],
        message:
          'the sandbox verification provider is for development only; in production set ' +
          'VERIFICATION_PROVIDER=http with VERIFICATION_URL and VERIFICATION_SECRET',
      });
    }
    return;
  }
  if (!env.VERIFICATION_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['VERIFICATION_URL'],
      message: 'is required when VERIFICATION_PROVIDER=http',
    });
  }
  if (!env.VERIFICATION_SECRET || env.VERIFICATION_SECRET.length < 32) {
    ctx.addIssue({
      code: 'custom',
      path: ['VERIFICATION_SECRET'],
      message: 'must be at least 32 characters when VERIFICATION_PROVIDER=http',
    });
  }
});
export type IdentityConfig = z.output<typeof IdentityEnvSchema>;
