import { PeopleQuerySchema } from '@trustcircle/contracts';
import { parseQuery, sendPage } from '@trustcircle/service-kit';
import { Router } from 'express';
import type { People } from '../domain/people';

/** `/api/people`: public, like the author names every review shows. */
export function peopleRoutes(people: People): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    sendPage(res, await people.search(parseQuery(PeopleQuerySchema, req)));
  });
  return router;
}

/** `/api/users/{username}`: a public profile's header (issue 18). */
export function profileRoutes(people: People): Router {
  const router = Router();
  router.get('/:username', async (req, res) => {
    res.json(await people.profile(String(req.params.username)));
  });
  return router;
}
