/**
 * The browser-facing security policy of every TrustCircle page, wherever it is served from:
 * the gateway (through helmet) and the frontends' static servers (directly, when an Ingress
 * sends `/` or `/mfe/*` to them without the gateway).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The directives as one `Content-Security-Policy` header value. */
export function cspHeader(production: boolean): string {
  const parts = Object.entries(CSP_DIRECTIVES).map(
    ([name, sources]) => `${kebab(name)} ${sources.join(' ')}`,
  );
  if (production) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** The headers the static servers add to every answer (helmet's equivalents). */
export function browserSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': cspHeader(production),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}
