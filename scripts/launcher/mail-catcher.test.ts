import path from 'node:path';
import { mailSetup } from './mail-catcher.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('mailSetup', () => {
  it('runs maildev with its SMTP and web ports and sends identity there', () => {
    const setup = mailSetup(
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

  it('runs no catcher when SMTP_URL names a real server', () => {
    const setup = mailSetup(root, { SMTP_URL: 'smtps://mail.example.com:465' }, '127.0.0.1');
    expect(setup).toEqual({ smtpUrl: 'smtps://mail.example.com:465', catcher: null });
  });
});
