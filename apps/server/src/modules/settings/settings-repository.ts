/** Settings staff keep in the console, one JSON value per key (migration 10's app_settings). */
export interface SettingsRepository {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, now: number): Promise<void>;
}
