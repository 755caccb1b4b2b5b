export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  setCookies: string[];
}

/** A tiny browser stand-in: keeps cookies between calls, JSON in and out. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      rawBody?: string;
      /** Gives up (rejects with the signal's reason), e.g. `AbortSignal.timeout(ms)`. */
      signal?: AbortSignal;
    } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      signal: options.signal,
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const [key, ...rest] = (pair ?? '').split('=');
      if (!key) continue;
      const value = rest.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(key.trim());
      else this.cookies.set(key.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // leave as text
    }
    return {
      status: response.status,
      headers: response.headers,
      body: parsed as T,
      text,
      setCookies,
    };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, headers });
  }

  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { body, headers });
  }
}
