import type { SqliteDatabase } from '../../db/database.js';
import type { SettingsRepository } from './settings-repository.js';

export function createSqliteSettingsRepository(db: SqliteDatabase): SettingsRepository {
  const get = db.prepare<[string], { value_json: string }>('SELECT value_json FROM app_settings WHERE key = ?');
  const set = db.prepare<[string, string, number]>(
    'INSERT INTO app_settings (key, value_json, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at',
  );
  return {
    async get(key) {
      const row = get.get(key);
      return row === undefined ? undefined : (JSON.parse(row.value_json) as unknown);
    },
    async set(key, value, now) {
      set.run(key, JSON.stringify(value), now);
    },
  };
}
