import { parse } from 'cookie';

/**
 * The value of cookie `name` as the browser sent it (the first of that name, %-decoded), or
 * undefined. Always a string: cookie-parser, used before, turned a `j:`-prefixed value into
 * whatever JSON it held, and a session cookie of `j:1` then failed its hashing as a 500.
 */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  return header ? parse(header)[name] : undefined;
}
