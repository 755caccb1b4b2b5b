import { z } from 'zod';
import { accountApiOperations } from './account';
import { leaveApiOperations } from './account-leave';
import { emailChangeApiOperations } from './email-change';
import { sessionApiOperations } from './sessions';
import {
  GroupCreateSchema,
  GroupListSchema,
  GroupMembershipRequestSchema,
  GroupSchema,
  GroupUpdateSchema,
  MembershipCheckSchema,
} from './communities';
import { ErrorBodySchema } from './errors';
import type { ApiOperation } from './operation';
import { moderationApiOperations } from './moderation';
import { reviewApiOperations } from './reviews';
import { reviewSummaryApiOperations } from './review-summary';
import { GroupListQuerySchema, MyGroupsQuerySchema, searchApiOperations } from './search';
import { socialApiOperations } from './social';
import { ownerApiOperations } from './owners';
import {
  BusinessCreateSchema,
  BusinessUpdateSchema,
  BusinessDetailSchema,
  BusinessListQuerySchema,
  BusinessListSchema,
  BusinessSummarySchema,
  CategoryListSchema,
  ComposedBusinessDetailSchema,
  GroupScoresQuerySchema,
  GroupTrustScoreListSchema,
  TrendingListSchema,
} from './catalog';
import {
  LoginRequestSchema,
  ProfileUpdateSchema,
  RegisterRequestSchema,
  UserSchema,
  VerifyRequestSchema,
} from './users';

export type { ApiOperation };

/**
 * Every public operation, described once from the same schemas the services parse with. The
 * gateway serves the OpenAPI document built from this list at /api/openapi.json; each
 * service adds its operations here when it lands.
 */
export const apiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/register',
    summary: 'Create an account and sign in (sets the session cookie)',
    tag: 'session',
    auth: 'none',
    request: RegisterRequestSchema,
    response: UserSchema,
    status: 201,
    errors: [400, 403, 409, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/login',
    summary: 'Sign in with username or email (sets a new session cookie)',
    tag: 'session',
    auth: 'none',
    request: LoginRequestSchema,
    response: UserSchema,
    errors: [400, 401, 403, 429, 503],
  },
  {
    method: 'post',
    path: '/api/logout',
    summary: 'Sign out (deletes the session)',
    tag: 'session',
    auth: 'optional',
    response: z.object({ message: z.string() }),
  },
  {
    method: 'get',
    path: '/api/user',
    summary: 'The signed-in user',
    tag: 'user',
    auth: 'session',
    response: UserSchema,
    errors: [401],
  },
  {
    method: 'patch',
    path: '/api/user',
    summary:
      'Update the profile (name, bio, avatar); `email` may only repeat the current address (a change goes through POST /api/user/email)',
    tag: 'user',
    auth: 'session',
    request: ProfileUpdateSchema,
    response: UserSchema,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/user/verify',
    summary: 'Verify the account with a verification token',
    tag: 'user',
    auth: 'session',
    request: VerifyRequestSchema,
    response: UserSchema,
    errors: [400, 401, 503],
  },
  {
    method: 'get',
    path: '/api/categories',
    summary: 'The business categories, in display order',
    tag: 'catalog',
    auth: 'optional',
    response: CategoryListSchema,
  },
  {
    method: 'get',
    path: '/api/businesses',
    summary:
      'Businesses (filter by category, full-text + typo-tolerant search); X-Next-Cursor paging',
    tag: 'catalog',
    auth: 'optional',
    query: BusinessListQuerySchema,
    response: BusinessListSchema,
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/businesses',
    summary: 'Add a business',
    tag: 'catalog',
    auth: 'session',
    request: BusinessCreateSchema,
    response: BusinessDetailSchema,
    status: 201,
    errors: [400, 401, 409],
  },
  {
    method: 'patch',
    path: '/api/businesses/:id',
    summary: 'Edit a business (only the person who added it); publishes catalog.business.updated',
    tag: 'catalog',
    auth: 'session',
    request: BusinessUpdateSchema,
    response: BusinessDetailSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    path: '/api/businesses/trending',
    summary: 'The five businesses with the most reviews in the last 7 days',
    tag: 'catalog',
    auth: 'optional',
    response: TrendingListSchema,
  },
  {
    method: 'get',
    path: '/api/businesses/:id',
    summary:
      'A business with its trust scores and the first page of its reviews (composed by the gateway)',
    tag: 'catalog',
    auth: 'optional',
    response: ComposedBusinessDetailSchema,
    errors: [404, 503],
  },
  {
    method: 'get',
    path: '/api/businesses/:id/group-scores',
    summary: "The business's trust score in each group, most reviews first; X-Next-Cursor paging",
    tag: 'catalog',
    auth: 'optional',
    query: GroupScoresQuerySchema,
    response: GroupTrustScoreListSchema,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/businesses/:id/similar',
    summary: 'Up to 4 other businesses of the same category, best score first',
    tag: 'catalog',
    auth: 'optional',
    response: z.array(BusinessSummarySchema),
    errors: [404],
  },
  ...groupOperations(),
  ...accountApiOperations,
  ...sessionApiOperations,
  ...emailChangeApiOperations,
  ...leaveApiOperations,
  ...reviewApiOperations,
  ...reviewSummaryApiOperations,
  ...moderationApiOperations,
  ...searchApiOperations,
  ...socialApiOperations,
  ...ownerApiOperations,
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Validation failed',
  401: 'Not signed in, or wrong credentials',
  403: 'Forbidden (cross-site request, or not allowed)',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests (see Retry-After)',
  503: 'A service is unavailable',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
}

/** OpenAPI 3.1 (whose schemas are JSON Schema 2020-12, zod's native output). */
export function buildOpenApiDocument(operations: ApiOperation[] = apiOperations) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const openApiPath = op.path.replace(/:(\w+)/g, '{$1}');
    const parameters: Record<string, unknown>[] = [...openApiPath.matchAll(/\{(\w+)\}/g)].map(
      ([, name]) => ({ name, in: 'path', required: true, schema: { type: 'integer' } }),
    );
    for (const [name, schema] of Object.entries(op.headers?.shape ?? {})) {
      parameters.push({ name, in: 'header', required: false, schema: jsonSchema(schema, 'input') });
    }
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: {
        description: 'Success',
        ...(op.response
          ? { content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } }
          : {}),
      },
    };
    for (const status of op.errors ?? []) {
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[openApiPath] ??= {};
    paths[openApiPath][op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth === 'session' ? { security: [{ session: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.request
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(op.request, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TrustCircle API',
      version: '1.0.0',
      description:
        'Community-driven business reviews. All calls go through the gateway; state-changing calls must be same-origin JSON.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tc_session' } },
      schemas: { Error: jsonSchema(ErrorBodySchema, 'output') },
    },
    paths,
  };
}

/** Spec §7 group calls (communities service). */
function groupOperations(): ApiOperation[] {
  return [
    {
      method: 'get',
      path: '/api/groups',
      summary:
        'All groups with memberCount and reviewCount, oldest first, or those matching search (ranked; joined=false leaves out mine); X-Next-Cursor paging',
      tag: 'groups',
      auth: 'optional',
      query: GroupListQuerySchema,
      response: GroupListSchema,
      errors: [400],
    },
    {
      method: 'post',
      path: '/api/groups',
      summary: 'Create a group (the creator becomes its first member)',
      tag: 'groups',
      auth: 'session',
      request: GroupCreateSchema,
      response: GroupSchema,
      status: 201,
      errors: [400, 401, 409],
    },
    {
      method: 'get',
      path: '/api/groups/user',
      summary:
        "The signed-in user's groups, most recently joined first (or matching search); X-Next-Cursor paging",
      tag: 'groups',
      auth: 'session',
      query: MyGroupsQuerySchema,
      response: GroupListSchema,
      errors: [400, 401],
    },
    {
      method: 'post',
      path: '/api/groups/join',
      summary: 'Join a group (idempotent); answers the group with its new counts',
      tag: 'groups',
      auth: 'session',
      request: GroupMembershipRequestSchema,
      response: GroupSchema,
      errors: [400, 401, 404],
    },
    {
      method: 'post',
      path: '/api/groups/leave',
      summary: 'Leave a group (idempotent); answers the group with its new counts',
      tag: 'groups',
      auth: 'session',
      request: GroupMembershipRequestSchema,
      response: GroupSchema,
      errors: [400, 401, 404],
    },
    {
      method: 'get',
      path: '/api/users/:username/groups',
      summary:
        "A member's groups on their profile, most recently joined first (or matching search); X-Next-Cursor paging; 404 for a username nobody has",
      tag: 'groups',
      auth: 'optional',
      query: MyGroupsQuerySchema,
      response: GroupListSchema,
      errors: [400, 404],
    },
    {
      method: 'get',
      path: '/api/groups/:id',
      summary: 'One group with its counts',
      tag: 'groups',
      auth: 'optional',
      response: GroupSchema,
      errors: [404],
    },
    {
      method: 'patch',
      path: '/api/groups/:id',
      summary: "Change a group's name, description, icon or colour (its creator only)",
      tag: 'groups',
      auth: 'session',
      request: GroupUpdateSchema,
      response: GroupSchema,
      errors: [400, 401, 403, 404, 409],
    },
    {
      method: 'get',
      path: '/api/groups/:id/members/check',
      summary: 'Whether the signed-in user is a member',
      tag: 'groups',
      auth: 'session',
      response: MembershipCheckSchema,
      errors: [401, 404],
    },
    {
      method: 'post',
      path: '/api/groups/:id/join',
      summary: 'Join a group (idempotent); answers the group with its new counts',
      tag: 'groups',
      auth: 'session',
      response: GroupSchema,
      errors: [401, 404],
    },
    {
      method: 'post',
      path: '/api/groups/:id/leave',
      summary: 'Leave a group (idempotent); answers the group with its new counts',
      tag: 'groups',
      auth: 'session',
      response: GroupSchema,
      errors: [401, 404],
    },
  ];
}
