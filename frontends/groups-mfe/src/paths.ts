/**
 * The groups list's reads, shared by its hooks (data.ts) and its route's preload (routes.tsx),
 * which must not import data.ts: the route table loads before any page and stays small.
 */
export const BROWSE_GROUPS_PATH = '/api/groups?joined=false';
export const MY_GROUPS_PATH = '/api/groups/user';
