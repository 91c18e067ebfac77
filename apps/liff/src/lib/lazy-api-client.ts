import type { ApiClient, ApiClientOptions } from '@city/api-client';
import { ApiError } from '@city/api-client';
import type * as ApiClientCode from './api-client-code.js';

let clientCode: Promise<typeof ApiClientCode> | undefined;

/** Loads the API client's code (once; a failed download is asked for again at the next call). */
export function loadApiClientCode(): Promise<typeof ApiClientCode> {
  clientCode ??= import('./api-client-code.js').catch((error: unknown) => {
    clientCode = undefined;
    throw error;
  });
  return clientCode;
}

/**
 * The API client, made at its first call (issue 31): ky and the client (about 7 KiB gzip) arrive
 * with the first screen that calls the server, not with the app, so a server-rendered first screen
 * never waits for them. Every method of the client returns a promise, so a call made before the
 * code arrived waits for it. A download that fails rejects the call with a network ApiError (the
 * client's own methods would resolve most failures instead): RTK Query's calls take it as their
 * failure, and the login screen's exchange, called directly, handles it.
 */
export function lazyApiClient(options: ApiClientOptions): ApiClient {
  let client: ApiClient | undefined;
  const loaded = async (): Promise<ApiClient> => {
    if (client !== undefined) return client;
    try {
      client = (await loadApiClientCode()).createApiClient(options);
    } catch (error) {
      throw new ApiError('Network Error', { code: 'ERR_NETWORK', cause: error });
    }
    return client;
  };
  return new Proxy({} as ApiClient, {
    get: (_target, name) => {
      // Only the client's methods: not `then` (the client is no promise), nor symbols.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const api = (await loaded()) as unknown as Record<string, ((...callArgs: unknown[]) => unknown) | undefined>;
        if (api[name] === undefined) throw new TypeError(`The API client has no method ${name}.`);
        return api[name](...args);
      };
    },
  });
}
