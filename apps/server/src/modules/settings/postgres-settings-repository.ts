import type { PostgresQueryable } from '../../db/postgres.js';
import type { SettingsRepository } from './settings-repository.js';

export function createPostgresSettingsRepository(db: PostgresQueryable): SettingsRepository {
  return {
    async get(key) {
      const { rows } = await db.query<{ value_json: string }>({ name: 'settings.get', text: 'SELECT value_json FROM app_settings WHERE key = $1', values: [key] });
      const row = rows[0];
      return row === undefined ? undefined : (JSON.parse(row.value_json) as unknown);
    },
    async set(key, value, now) {
      await db.query({
        name: 'settings.set',
        text: 'INSERT INTO app_settings (key, value_json, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at',
        values: [key, JSON.stringify(value), now],
      });
    },
  };
}
