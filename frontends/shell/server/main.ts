/**
 * Serves the shell's production build (index.html for every page path).
 * Run by Node 24 directly (`node server/main.ts`); PORT (default 3000), HOST (default
 * 0.0.0.0), STATIC_ROOT (default ../dist).
 */
import { fileURLToPath } from 'node:url';
import { runStaticServerMain } from '@trustcircle/http-server';

await runStaticServerMain({
  service: 'shell',
  defaultRoot: fileURLToPath(new URL('../dist', import.meta.url)),
  defaultPort: 3000,
});
