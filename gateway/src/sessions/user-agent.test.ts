import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names browser, OS and device of common agents', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', os: 'Windows 10', device: null });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.5', device: 'mobile' });
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ browser: 'Firefox 133', os: 'Linux', device: null });
  });

  it('answers nulls for a missing or unrecognisable agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, device: null });
  });
});
