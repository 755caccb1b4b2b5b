import net from 'node:net';
import path from 'node:path';
import { mailSetup, portFor } from './mail-catcher.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('mailSetup', () => {
  it('runs maildev with its SMTP and web ports and sends identity there', async () => {
    const setup = await mailSetup(
      root,
      { MAILDEV_SMTP_PORT: '2025', MAILDEV_WEB_PORT: '2080' },
      '127.0.0.1',
    );
    expect(setup.smtpUrl).toBe('smtp://127.0.0.1:2025');
    expect(setup.catcher?.inboxUrl).toBe('http://localhost:2080/');
    expect(setup.catcher?.spec.args).toEqual(
      expect.arrayContaining(['--smtp', '2025', '--web', '2080', '--ip', '127.0.0.1']),
    );
    expect(setup.catcher?.spec.healthUrl).toBe('http://127.0.0.1:2080/api/config');
  });

  it('runs no catcher when SMTP_URL names a real server', async () => {
    const setup = await mailSetup(root, { SMTP_URL: 'smtps://mail.example.com:465' }, '127.0.0.1');
    expect(setup).toEqual({ smtpUrl: 'smtps://mail.example.com:465', catcher: null });
  });

  it('keeps ports given explicitly and moves off a default port another program holds', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const held = (holder.address() as net.AddressInfo).port;
    try {
      const moved = await portFor(undefined, held, '127.0.0.1');
      expect(moved).not.toBe(held);
      expect(moved).toBeGreaterThan(0);
      expect(await portFor(String(held), held, '127.0.0.1')).toBe(held);
    } finally {
      holder.close();
    }
  });
});
