import { BaseServiceEnvSchema } from '@trustcircle/service-kit';
import { z } from 'zod';

export const SocialEnvSchema = BaseServiceEnvSchema.extend({
  /**
   * A comment line on every open stream this often: proxies and load balancers see traffic (no
   * idle timeout), and the stream also re-reads what it may have missed (a lost push).
   */
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Open streams per member on one replica (tabs, devices); more answer 429. */
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
});
export type SocialConfig = z.output<typeof SocialEnvSchema>;
