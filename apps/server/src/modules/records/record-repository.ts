import type { CheckStatus, SurveyResultRow } from '@city/survey-core';
import type { Awaitable } from '../../db/store.js';

/** Where a record came from: the citizen app in LINE or a browser, staff (by phone), or a file. */
export type RecordOrigin = 'line' | 'web' | 'staff' | 'import';

/** A record's owner, receipt number, origin and version. */
export interface RecordInfo {
  partitionKey: string;
  surveyId: string;
  /** '' for a record imported or entered by staff and not claimed yet. */
  userId: string;
  receiptNumber: string;
  origin: RecordOrigin;
  /** The staff member who entered it on a citizen's behalf. */
  enteredBy: string | null;
  /** Raised by every change: a change made on an older version is refused. */
  version: number;
  /** The survey version it was answered on (its last submission's): it is read with that version's items. */
  surveyVersion: number;
  createdAt: number;
  updatedAt: number;
}

/** A result row as an export reads it: its item and answer (an upload's: its files). */
export type AnswerRow = Pick<SurveyResultRow, 'itemKey' | 'value' | 'files'>;

/** A record as an export reads it: who and when, its status, its answers in the order submitted. */
export interface RecordAnswers {
  record: RecordInfo;
  /** Every row of a record carries its status; undefined for a record without rows. */
  status: CheckStatus | undefined;
  rows: AnswerRow[];
}

/** Survey records (one per partitionKey) and their result rows. Writes run inside a transaction. */
export interface RecordRepository {
  find(partitionKey: string): Awaitable<RecordInfo | undefined>;
  /**
   * The record and its rows (in the order they were submitted), read together, and whether it has
   * an order pending or paid (an edit reads its orders only then).
   */
  findWithRows(partitionKey: string): Awaitable<{ record: RecordInfo; rows: SurveyResultRow[]; hasOpenOrder: boolean } | undefined>;
  /** The record's rows, in the order they were submitted. */
  rowsOf(partitionKey: string): Awaitable<SurveyResultRow[]>;
  /**
   * The records at these keys as an export reads them, in the keys' order (a key whose record is
   * gone is left out): a page of an export in one statement or two, not two a record.
   */
  answersOfPage(partitionKeys: readonly string[]): Awaitable<RecordAnswers[]>;
  /** The record's rows of these items only, in the order they were submitted. */
  rowsOfItems(partitionKey: string, itemKeys: readonly string[]): Awaitable<SurveyResultRow[]>;
  /** Whether any row of the record has a closed status (see isClosedCheckStatus). */
  isClosed(partitionKey: string): Awaitable<boolean>;
  /** Every row of the user's records in the survey, record by record. */
  rowsOfUser(surveyId: string, userId: string): Awaitable<SurveyResultRow[]>;
  /** The user's records in the survey (owner and receipt number), in partitionKey order. */
  recordsOfUser(surveyId: string, userId: string): Awaitable<RecordInfo[]>;
  /** Records of the survey having every one of these userSearchKeys. */
  findBySearchKeys(surveyId: string, searchKeys: readonly string[]): Awaitable<string[]>;
  /**
   * Whether a record holds this receipt number. PostgreSQL's answers false without asking: the
   * column is UNIQUE, and storing a taken number fails with unique_violation, which runs the
   * transaction again from the start, with a new number (postgres-store.ts).
   */
  isReceiptNumberTaken(receiptNumber: string): Awaitable<boolean>;
  /**
   * Stores a record whole: the records at `removePartitionKeys` (the one being replaced, and any
   * earlier version under the new key) go, the new record and its rows come.
   */
  replace(input: {
    rows: readonly SurveyResultRow[];
    receiptNumber: string;
    removePartitionKeys: readonly string[];
    /**
     * A new record's origin and who entered it; a replacement keeps those of the record it
     * replaces (the first of `removePartitionKeys` that exists), its creation time, and its
     * version plus one.
     */
    origin: RecordOrigin;
    enteredBy?: string | null;
    /** The survey version the rows answer. */
    surveyVersion: number;
  }): Awaitable<void>;
  /**
   * Stores an edit of the record in place (its key, owner, origin and receipt number stay): of
   * `rows`, only those that differ from `previousRows` (its rows as read in this transaction) are
   * written, rows no longer sent go; its version is raised and the survey version set (written only
   * when it differs from `previousSurveyVersion`, the one the record held).
   */
  update(input: {
    partitionKey: string;
    rows: readonly SurveyResultRow[];
    previousRows: readonly SurveyResultRow[];
    surveyVersion: number;
    previousSurveyVersion: number;
  }): Awaitable<void>;
  /**
   * Sets the status of every row of the record and raises its version; with `ifVersion`, only
   * when the record is still at that version (answers whether it was changed).
   */
  setCheck(partitionKey: string, check: CheckStatus, ifVersion?: number): Awaitable<boolean>;
  /** Removes the record and its rows. */
  delete(partitionKey: string): Awaitable<void>;
  /** Gives an unclaimed record (its rows and slot claims) to a user; false when someone already has it. */
  claim(partitionKey: string, userId: string): Awaitable<boolean>;
}
