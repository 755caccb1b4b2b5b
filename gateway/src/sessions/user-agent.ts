import { UAParser } from 'ua-parser-js';

export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  device: string | null;
}

const joined = (name: string | undefined, version: string | undefined) =>
  name ? (version ? `${name} ${version}` : name) : null;

/**
 * What the sessions list shows of a User-Agent: browser and OS with their major versions
 * (enough to tell two sessions apart, without echoing the whole header back).
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, device: null };
  const parsed = new UAParser(userAgent).getResult();
  return {
    browser: joined(parsed.browser.name, parsed.browser.major),
    os: joined(parsed.os.name, parsed.os.version),
    device: parsed.device.type ?? null,
  };
}
