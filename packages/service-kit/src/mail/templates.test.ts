import { BRAND_COLOUR, renderMail } from './templates';

describe('renderMail', () => {
  const mail = renderMail({
    subject: 'Reset your password',
    greeting: 'Hi <Sam> & co,',
    intro: ['Someone asked to reset the password.'],
    action: { label: 'Choose a new password', url: 'http://localhost:8080/auth/reset?token=a&b=1' },
    outro: ['If it was not you, ignore this.'],
  });

  it('gives the link once, whole, in the text part', () => {
    expect(mail.text).toContain(
      'Choose a new password: http://localhost:8080/auth/reset?token=a&b=1',
    );
    expect(mail.text).toContain('If it was not you, ignore this.');
  });

  it('escapes user text and carries the brand colour and one button in HTML', () => {
    expect(mail.html).toContain('Hi &lt;Sam&gt; &amp; co,');
    expect(mail.html).not.toContain('<Sam>');
    expect(mail.html).toContain(BRAND_COLOUR);
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain('href="http://localhost:8080/auth/reset?token=a&amp;b=1"');
  });
});
