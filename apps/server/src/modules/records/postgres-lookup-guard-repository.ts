import type { PostgresQueryable } from '../../db/postgres.js';
import type { LookupGuardRepository } from './lookup-guard-repository.js';

export function createPostgresLookupGuardRepository(db: PostgresQueryable): LookupGuardRepository {
  return {
    async grant(userId, partitionKey, expiresAt) {
      await db.query({ name: 'lookupGuards.pruneGrants', text: 'DELETE FROM lookup_grants WHERE expires_at <= $1', values: [Date.now()] });
      await db.query({
        name: 'lookupGuards.grant',
        text: 'INSERT INTO lookup_grants (user_id, partition_key, expires_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, partition_key) DO UPDATE SET expires_at = excluded.expires_at',
        values: [userId, partitionKey, expiresAt],
      });
    },
    async isGranted(userId, partitionKey) {
      const { rowCount } = await db.query({
        name: 'lookupGuards.isGranted',
        text: 'SELECT 1 FROM lookup_grants WHERE user_id = $1 AND partition_key = $2 AND expires_at > $3',
        values: [userId, partitionKey, Date.now()],
      });
      return (rowCount ?? 0) > 0;
    },
    async failures(userId, day) {
      // The user's look-ups, held until the transaction ends (taken again by the same transaction, it simply holds).
      await db.query({ name: 'lookupGuards.lockUser', text: "SELECT pg_advisory_xact_lock(hashtext('lookup'), hashtext($1))", values: [userId] });
      const { rows } = await db.query<{ failures: number }>({
        name: 'lookupGuards.failures',
        text: 'SELECT failures FROM lookup_failures WHERE user_id = $1 AND day = $2',
        values: [userId, day],
      });
      return rows[0]?.failures ?? 0;
    },
    async addFailure(userId, day) {
      await db.query({
        name: 'lookupGuards.addFailure',
        text: 'INSERT INTO lookup_failures (user_id, day, failures) VALUES ($1, $2, 1) ON CONFLICT (user_id, day) DO UPDATE SET failures = lookup_failures.failures + 1',
        values: [userId, day],
      });
    },
  };
}
