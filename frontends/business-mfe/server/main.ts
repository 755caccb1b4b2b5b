/**
 * Serves the business remote's build; the gateway proxies `/mfe/business/*` here (BUSINESS_MFE_URL).
 * Run by Node 24 directly (`node server/main.ts`); PORT (default 3002), HOST (default
 * 0.0.0.0), STATIC_ROOT (default ../dist).
 */
import { fileURLToPath } from 'node:url';
import { runStaticServerMain } from '@trustcircle/http-server';

await runStaticServerMain({
  service: 'business-mfe',
  defaultRoot: fileURLToPath(new URL('../dist', import.meta.url)),
  defaultPort: 3002,
  spaFallback: false,
});
