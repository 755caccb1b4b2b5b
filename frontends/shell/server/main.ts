/**
 * Serves the shell's production build (run by Node 24 directly: `node server/main.ts`).
 * PORT (default 4100), HOST (default 0.0.0.0), STATIC_ROOT (default ../dist).
 */
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '@trustcircle/service-kit';

const root = process.env.STATIC_ROOT ?? fileURLToPath(new URL('../dist', import.meta.url));
const port = Number(process.env.PORT ?? 4100);
const host = process.env.HOST ?? '0.0.0.0';

const running = await startStaticServer({ root, port, host });
process.stdout.write(
  `${JSON.stringify({ level: 'info', service: 'shell', msg: `serving ${root} on ${running.url}` })}\n`,
);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
