import { z } from 'zod';

/** Spec §9 defaults for a new group. */
export const DEFAULT_GROUP_ICON = 'users';
export const DEFAULT_GROUP_COLOR = '#009688';

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 60;
export const GROUP_DESCRIPTION_MIN = 10;
export const GROUP_DESCRIPTION_MAX = 500;
export const GROUP_ICON_MAX = 40;

export const GROUP_NAME_TOO_SHORT = 'Group name must be at least 3 characters';
export const GROUP_DESCRIPTION_TOO_SHORT = 'Description must be at least 10 characters';
export const GROUP_NAME_TAKEN = 'A group with this name already exists';
export const GROUP_NOT_FOUND = 'Group not found';
export const GROUP_COLOR_INVALID = 'Color must be a hex colour like #009688';
export const GROUP_ICON_INVALID =
  'Icon must be an icon name (lower-case letters, digits and dashes)';
export const GROUP_ID_INVALID = 'groupId must be a group id';
export const GROUP_UPDATE_FORBIDDEN = 'Only the creator of a group can change it';

/** Whoever created the group, from the users projection (absent until identity's event). */
export const GroupCreatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
});
export type GroupCreator = z.infer<typeof GroupCreatorSchema>;

/** A group as every groups call answers it (spec §3 plus the read-view counts). */
export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  createdAt: z.string(),
  creatorId: z.number().int(),
  creator: GroupCreatorSchema.nullable(),
  memberCount: z.number().int(),
  reviewCount: z.number().int(),
});
export type Group = z.infer<typeof GroupSchema>;

export const GroupListSchema = z.array(GroupSchema);

const name = z
  .string({ error: GROUP_NAME_TOO_SHORT })
  .trim()
  .min(GROUP_NAME_MIN, GROUP_NAME_TOO_SHORT)
  .max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`);

const description = z
  .string({ error: GROUP_DESCRIPTION_TOO_SHORT })
  .trim()
  .min(GROUP_DESCRIPTION_MIN, GROUP_DESCRIPTION_TOO_SHORT)
  .max(GROUP_DESCRIPTION_MAX, `Description must be at most ${GROUP_DESCRIPTION_MAX} characters`);

/** An empty or absent value means "the default" (the spec's client always sends both). */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const icon = z.preprocess(
  blankToUndefined,
  z
    .string({ error: GROUP_ICON_INVALID })
    .trim()
    .max(GROUP_ICON_MAX, GROUP_ICON_INVALID)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, GROUP_ICON_INVALID)
    .optional(),
);

const color = z.preprocess(
  blankToUndefined,
  z
    .string({ error: GROUP_COLOR_INVALID })
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, GROUP_COLOR_INVALID)
    .optional(),
);

/** `POST /api/groups` (spec §5 messages verbatim). */
export const GroupCreateSchema = z.object({ name, description, icon, color }).transform((body) => ({
  name: body.name,
  description: body.description,
  icon: body.icon ?? DEFAULT_GROUP_ICON,
  color: body.color ?? DEFAULT_GROUP_COLOR,
}));
export type GroupCreate = z.output<typeof GroupCreateSchema>;

/** `PATCH /api/groups/{id}`: the creator changes any of the four fields. */
export const GroupUpdateSchema = z
  .object({ name: name.optional(), description: description.optional(), icon, color })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update',
  });
export type GroupUpdate = z.output<typeof GroupUpdateSchema>;

/** `POST /api/groups/join|leave` (the list screens' form of spec §7). */
export const GroupMembershipRequestSchema = z.object({
  groupId: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      {
        error: GROUP_ID_INVALID,
      },
    )
    .pipe(
      z
        .number()
        .int(GROUP_ID_INVALID)
        .positive(GROUP_ID_INVALID)
        .max(2_147_483_647, GROUP_ID_INVALID),
    ),
});
export type GroupMembershipRequest = z.infer<typeof GroupMembershipRequestSchema>;

/** `GET /api/groups/{id}/members/check`. */
export const MembershipCheckSchema = z.object({ isMember: z.boolean() });
export type MembershipCheck = z.infer<typeof MembershipCheckSchema>;
