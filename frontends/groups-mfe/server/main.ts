/**
 * Serves the groups remote's production build (run by Node 24 directly: `node server/main.ts`).
 * PORT (default 3001), HOST (default 0.0.0.0), STATIC_ROOT (default ../dist). The gateway
 * proxies `/mfe/groups/*` here with the prefix stripped (GROUPS_MFE_URL).
 */
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '@trustcircle/service-kit';

const root = process.env.STATIC_ROOT ?? fileURLToPath(new URL('../dist', import.meta.url));
const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '0.0.0.0';

// A remote has no pages of its own: unknown paths are 404s, not index.html.
const running = await startStaticServer({ root, port, host, spaFallback: false });
process.stdout.write(
  `${JSON.stringify({ level: 'info', service: 'groups-mfe', msg: `serving ${root} on ${running.url}` })}\n`,
);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
