// negotiator 1.x ships no types, and @types/negotiator (0.6) lacks the `preferred` option.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The available codings the request accepts, by q, ties broken by `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
