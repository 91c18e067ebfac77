// `@city/api-client/routes`: where every endpoint is and the settings keys, with nothing else (no
// HTTP client, no schemas), for code that must stay tiny, such as a script that runs before an app.
export type { EndpointName } from './routes.js';
export { API_PREFIX, routes } from './routes.js';
export type { IntegrationSettings, SettingsStorage } from './settings.js';
export { INTEGRATION_SETTING_KEYS, readIntegrationSettings } from './settings.js';
