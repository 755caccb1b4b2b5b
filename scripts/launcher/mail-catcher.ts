import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, portOpen } from './infra.ts';
import type { ProcessSpec } from './supervisor.ts';

export interface MailSetup {
  /** What identity sends through. */
  smtpUrl: string;
  /** The local catcher's process and web inbox, when `npm start` runs one. */
  catcher: { spec: ProcessSpec; inboxUrl: string } | null;
}

/**
 * Mail for `npm start`: with SMTP_URL set, the platform sends there; otherwise maildev (a
 * devDependency) catches every message on MAILDEV_SMTP_PORT (1025) and shows it in a web inbox
 * on MAILDEV_WEB_PORT (1080). Nothing leaves the machine. A default port another program
 * (another `npm start`, a test run) already holds is replaced by a free one; the printed inbox
 * URL says which.
 */
export async function mailSetup(
  root: string,
  env: Record<string, string | undefined>,
  host: string,
): Promise<MailSetup> {
  if (env.SMTP_URL) return { smtpUrl: env.SMTP_URL, catcher: null };
  const smtpPort = await portFor(env.MAILDEV_SMTP_PORT, 1025, host);
  const webPort = await portFor(env.MAILDEV_WEB_PORT, 1080, host);
  const smtpUrl = `smtp://${host}:${smtpPort}`;
  const bin = path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  if (!existsSync(bin)) return { smtpUrl, catcher: null };
  return {
    smtpUrl,
    catcher: {
      inboxUrl: `http://localhost:${webPort}/`,
      spec: {
        name: 'maildev',
        cwd: root,
        command: process.execPath,
        args: [
          bin,
          ...['--smtp', String(smtpPort), '--ip', host],
          ...['--web', String(webPort), '--web-ip', host],
          ...['--max-emails', '500'],
        ],
        env: {},
        // maildev answers its settings here once both servers listen.
        healthUrl: `http://${host}:${webPort}/api/config`,
      },
    },
  };
}

/** The configured port, else `fallback` when it is free, else any free port. */
export async function portFor(configured: string | undefined, fallback: number, host: string) {
  if (configured) return Number(configured);
  return (await portOpen(host, fallback)) ? freePort(host) : fallback;
}
