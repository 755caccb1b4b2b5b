import { BaseServiceEnvSchema } from '@trustcircle/service-kit';
import type { z } from 'zod';

export const CommunitiesEnvSchema = BaseServiceEnvSchema;
export type CommunitiesConfig = z.output<typeof CommunitiesEnvSchema>;
