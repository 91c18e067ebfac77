// The API client's code (ky, the client, its retry rules) as a chunk of its own: lazy-api-client.ts
// imports it when the app first calls the server, and store/data-layer.ts beside RTK Query.
export { createApiClient } from '@city/api-client';
