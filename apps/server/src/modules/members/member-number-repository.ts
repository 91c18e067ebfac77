import type { Awaitable } from '../../db/store.js';

/** A member number as issued: whose it is, which registration it belongs to, and whether it was retired. */
export interface MemberNumber {
  surveyId: string;
  sequence: number;
  memberNumber: string;
  /** The registration's record (gone once withdrawn). */
  partitionKey: string;
  /** '' for a paper card staff imported and nobody claimed yet. */
  userId: string;
  issuedAt: number;
  withdrawnAt: number | null;
}

/**
 * Every member number ever issued, per member survey. A number is never deleted nor issued twice:
 * a withdrawal retires it. Writes run inside a transaction.
 */
export interface MemberNumberRepository {
  /** The user's active (not withdrawn) number in the member survey. */
  activeOfUser(surveyId: string, userId: string): Awaitable<MemberNumber | undefined>;
  /** The active number of a registration record. */
  activeOfRecord(partitionKey: string): Awaitable<MemberNumber | undefined>;
  /** The active numbers of these records (a page of an export); a record has one at most. */
  activeOfRecords(partitionKeys: readonly string[]): Awaitable<MemberNumber[]>;
  /** Whether this number was ever issued in the survey (active or retired). */
  find(surveyId: string, memberNumber: string): Awaitable<MemberNumber | undefined>;
  /**
   * The sequence the survey's next number takes: above every one ever issued there, retired ones
   * included. The survey's issuing is then the calling transaction's until it ends: another one
   * asking meanwhile (another server instance, on PostgreSQL) waits, and then sees this one's number
   * and registration.
   */
  nextSequence(surveyId: string): Awaitable<number>;
  insert(number: MemberNumber): Awaitable<void>;
  /** The registration moved to another record (an edit under a new key). */
  moveToRecord(surveyId: string, sequence: number, partitionKey: string): Awaitable<void>;
  /** A claimed paper card's number becomes the claimer's. */
  setUser(partitionKey: string, userId: string): Awaitable<void>;
  /** Retires the record's active number. */
  withdraw(partitionKey: string, withdrawnAt: number): Awaitable<void>;
}
