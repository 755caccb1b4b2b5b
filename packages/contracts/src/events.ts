import { z } from 'zod';

/** Design §3: every event travels in this envelope. */
export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  producer: z.string().min(1),
  occurredAt: z.string(),
  version: z.number().int().nonnegative(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & {
  data: T;
};

/** User display and trust facts other services keep as projections. */
export const UserEventDataSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserEventData = z.infer<typeof UserEventDataSchema>;

/** Subject → payload schema. The event-backbone issue adds every other subject here. */
export const EventPayloadSchemas = {
  'identity.user.registered': UserEventDataSchema,
  'identity.user.updated': UserEventDataSchema,
} as const;
export type EventSubject = keyof typeof EventPayloadSchemas;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EventPayloadSchemas)[S]>;
