import type { Migration } from './migration.js';

// A record's answers kept beside it as one text (SQLite only), so an export reads one row per record
// instead of every result row (issue 26: a million records of twenty items in under a minute).
// The text is what records/sqlite-record-repository.ts folds: row count, rows with files, status,
// then item key and value of each row in order, with U+001D/1E/1F between them. The repository
// writes it after each change of a record's rows; any other change of them (an operator's sqlite3
// shell, a script) clears it through the triggers, and a cleared one is folded on reading.
// PostgreSQL reads a page's rows in one statement already: nothing there.
const FOLD = `(SELECT count(*) || char(29) || sum(files_json IS NOT NULL) || char(29) || check_status || substr(min(position), 1, 0)
              || char(29) || group_concat(item_key || char(31) || value, char(30) ORDER BY position)
            FROM survey_results s WHERE s.partition_key = survey_records.partition_key)`;

export const migration: Migration = {
  version: 15,
  name: 'folded answers',
  sql: `
      ALTER TABLE survey_records ADD COLUMN answers_folded TEXT;
      UPDATE survey_records SET answers_folded = ${FOLD};
      CREATE TRIGGER survey_results_insert_unfolds AFTER INSERT ON survey_results
      BEGIN
        UPDATE survey_records SET answers_folded = NULL WHERE partition_key = NEW.partition_key AND answers_folded IS NOT NULL;
      END;
      CREATE TRIGGER survey_results_update_unfolds AFTER UPDATE OF partition_key, item_key, value, check_status, files_json, position ON survey_results
      BEGIN
        UPDATE survey_records SET answers_folded = NULL WHERE partition_key IN (OLD.partition_key, NEW.partition_key) AND answers_folded IS NOT NULL;
      END;
      CREATE TRIGGER survey_results_delete_unfolds AFTER DELETE ON survey_results
      BEGIN
        UPDATE survey_records SET answers_folded = NULL WHERE partition_key = OLD.partition_key AND answers_folded IS NOT NULL;
      END;`,
};
