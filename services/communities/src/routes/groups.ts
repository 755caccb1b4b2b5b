import {
  GroupCreateSchema,
  GroupMembershipRequestSchema,
  GroupUpdateSchema,
  GROUP_NOT_FOUND,
  GroupListQuerySchema,
  MyGroupsQuerySchema,
} from '@trustcircle/contracts';
import {
  currentUserId,
  parseBody,
  parseIdParam,
  parseQuery,
  requireUser,
  sendPage,
} from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Groups } from '../domain/groups';

/** Spec §7 group calls; reads are public, everything about "me" needs a user. */
export function groupRoutes(groups: Groups): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    sendPage(res, await groups.list(parseQuery(GroupListQuerySchema, req), req.auth?.userId));
  });

  router.get('/user', requireUser, async (req, res) => {
    const query = parseQuery(MyGroupsQuerySchema, req);
    sendPage(res, await groups.listForUser(currentUserId(req), query));
  });

  router.post('/', requireUser, async (req, res) => {
    const group = await groups.create(currentUserId(req), parseBody(GroupCreateSchema, req));
    res.status(201).json(group);
  });

  // The list screens' form: the group in the body.
  router.post('/join', requireUser, async (req, res) => {
    const { groupId } = parseBody(GroupMembershipRequestSchema, req);
    res.json(await groups.join(currentUserId(req), groupId));
  });

  router.post('/leave', requireUser, async (req, res) => {
    const { groupId } = parseBody(GroupMembershipRequestSchema, req);
    res.json(await groups.leave(currentUserId(req), groupId));
  });

  router.get('/:id', async (req, res) => {
    res.json(await groups.get(parseIdParam(req, 'id', GROUP_NOT_FOUND)));
  });

  router.patch('/:id', requireUser, async (req, res) => {
    const id = parseIdParam(req, 'id', GROUP_NOT_FOUND);
    res.json(await groups.update(currentUserId(req), id, parseBody(GroupUpdateSchema, req)));
  });

  router.get('/:id/members/check', requireUser, async (req, res) => {
    const id = parseIdParam(req, 'id', GROUP_NOT_FOUND);
    res.json({ isMember: await groups.isMember(id, currentUserId(req)) });
  });

  // The group page's form: the group in the path.
  router.post('/:id/join', requireUser, async (req, res) => {
    const id = parseIdParam(req, 'id', GROUP_NOT_FOUND);
    res.json(await groups.join(currentUserId(req), id));
  });

  router.post('/:id/leave', requireUser, async (req, res) => {
    const id = parseIdParam(req, 'id', GROUP_NOT_FOUND);
    res.json(await groups.leave(currentUserId(req), id));
  });

  return router;
}

/** `/api/users/{username}/groups`: a member's groups on their profile (issue 18). Public. */
export function userGroupRoutes(groups: Groups): Router {
  const router = Router();
  router.get('/:username/groups', async (req, res) => {
    const query = parseQuery(MyGroupsQuerySchema, req);
    sendPage(res, await groups.listForUsername(String(req.params.username), query));
  });
  return router;
}
