/**
 * Serves the groups remote's build; the gateway proxies `/mfe/groups/*` here (GROUPS_MFE_URL).
 * Run by Node 24 directly (`node server/main.ts`); PORT (default 3001), HOST (default
 * 0.0.0.0), STATIC_ROOT (default ../dist).
 */
import { fileURLToPath } from 'node:url';
import { runStaticServerMain } from '@trustcircle/http-server';

await runStaticServerMain({
  service: 'groups-mfe',
  defaultRoot: fileURLToPath(new URL('../dist', import.meta.url)),
  defaultPort: 3001,
  spaFallback: false,
});
