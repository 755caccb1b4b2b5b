/**
 * Serves the business remote's production build (remoteEntry.js, mf-manifest.json, chunks;
 * no SPA fallback: a missing file is a 404). Run by Node 24 directly: `node server/main.ts`.
 * PORT (default 3002), HOST (default 0.0.0.0), STATIC_ROOT (default ../dist).
 */
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '@trustcircle/service-kit';

const root = process.env.STATIC_ROOT ?? fileURLToPath(new URL('../dist', import.meta.url));
const port = Number(process.env.PORT ?? 3002);
const host = process.env.HOST ?? '0.0.0.0';

const running = await startStaticServer({ root, port, host, spaFallback: false });
process.stdout.write(
  `${JSON.stringify({ level: 'info', service: 'business-mfe', msg: `serving ${root} on ${running.url}` })}\n`,
);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
