// Configuration every citizen request reads and staff rarely change (surveys, categories,
// calendars and their closed dates), kept in memory instead of read and parsed per request.
//
// A change made by this process empties the cache at once: the database tells it (migration 12's
// triggers call configuration_changed(), see database.ts), during the transaction and again once the
// transaction has ended, so nothing read while the change was uncommitted stays. A change made by
// another process (a second server on the same file, the import command) raises the stored
// generation, which the cache reads at most once per `maxAgeMs`: that is how long another
// process's change may go unseen. Capacity is never cached: it is checked by the claim's
// conditional write, whatever the cache holds.
//
// Beside it, what citizens reload most: a calendar's slots with what is left of each
// (`getRecentAvailability`). Kept while no slot (its units, its capacity) nor the configuration
// changed in this process (a change empties it as a configuration change does), until what it shows
// changes with time alone (a hold lapsing, a booking window opening or closing: the loader says
// when), and at most AVAILABILITY_MAX_AGE_MS by the request's clock: how late a reload may show
// what another process (another instance, the import command) changed. Never what a booking checks:
// that is the conditional write's, always on the database.

/**
 * What a repository uses of the cache: {@link ConfigurationCache} itself on SQLite; on PostgreSQL,
 * where transactions run side by side, a view of it per transaction (postgres-store.ts).
 */
export interface Configuration {
  get<T>(key: string, load: () => T): T;
  getAsync<T>(key: string, load: () => Promise<T>): Promise<T>;
  changed(uncommitted?: boolean): void;
  /** `load`'s value for a calendar's availability read at `now` (ms), kept as the file's header says. */
  getRecentAvailability<T>(key: string, now: number, load: () => Promise<{ value: T; validUntil: number }>): Promise<T>;
  /** A slot's units or definition changed (in the transaction under way, on PostgreSQL). */
  availabilityChanged(): void;
}

/** How long a change made by another process may go unseen (ms). */
export const CONFIGURATION_MAX_AGE_MS = 1000;

/**
 * How long (ms, by the request's clock) a calendar's availability may be served from memory: how
 * late a reload may show a booking made by another instance on the same database.
 */
export const AVAILABILITY_MAX_AGE_MS = 500;
/**
 * The least time (ms, real) between the starts of two builds of one calendar range's availability.
 * While bookings land every few milliseconds (a surge's first seconds), each one makes the last
 * build stale; the reloads after it then wait up to this long and share one build, instead of
 * each booking costing a build (on PostgreSQL, three statements reading every slot, and the
 * answer serialized and compressed again).
 */
export const AVAILABILITY_REBUILD_GAP_MS = 100;
/** Availability reads kept at most (ranges asked); past it, all are forgotten. */
const MOST_AVAILABILITY_ENTRIES = 256;

/** A build of a calendar range's availability, under way or due. */
interface AvailabilityLoad {
  /** The availability generation it reads (undefined until it starts: it then reads the newest). */
  generation: number | undefined;
  /** The clock of the request that asked for it (ms). */
  startedAt: number;
  result: Promise<{ value: unknown; validUntil: number }>;
}

/** What {@link ConfigurationCache} holds no value for (a value may be undefined). */
const NOT_HELD = Symbol('not held');

export class ConfigurationCache implements Configuration {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; value: unknown }>();
  private storedGeneration: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private changing = false;
  /** Transactions in progress (PostgreSQL's, side by side) that changed the configuration. */
  private openChanges = 0;
  private availabilityGeneration = 0;
  private readonly availability = new Map<string, { generation: number; loadedAt: number; validUntil: number; value: unknown }>();
  /** Loads under way, by key (see {@link getRecentAvailability}). */
  private readonly availabilityLoads = new Map<string, AvailabilityLoad>();
  /** When (performance.now()) the last build of each key started, or is due to start. */
  private readonly availabilityLoadStarts = new Map<string, number>();
  /** A change to slots is uncommitted on SQLite's writer (see {@link availabilitySettled}). */
  private availabilityChanging = false;

  /**
   * @param readStoredGeneration the database's configuration generation, raised by every change.
   * @param clock a monotonic clock (ms).
   */
  constructor(
    private readonly readStoredGeneration: () => number,
    private readonly maxAgeMs = CONFIGURATION_MAX_AGE_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * The value under `key`, loaded by `load` when it is not held or a change came since. Values are
   * shared between requests: callers never modify them. Synchronous, as SQLite reads are
   * ({@link getAsync} is the same for PostgreSQL's).
   */
  get<T>(key: string, load: () => T): T {
    const held = this.held(key);
    if (held !== NOT_HELD) return held as T;
    const generation = this.generation;
    const value = load();
    this.keep(key, generation, value);
    return value;
  }

  /** {@link get} for a load that waits (PostgreSQL's reads), under the same rules. */
  async getAsync<T>(key: string, load: () => Promise<T>): Promise<T> {
    const held = this.held(key);
    if (held !== NOT_HELD) return held as T;
    const generation = this.generation;
    const value = await load();
    this.keep(key, generation, value);
    return value;
  }

  /** The value held under `key`, unless a change came since or one is still open (then nothing is kept). */
  private held(key: string): unknown {
    // While a change is uncommitted, nothing is kept: what is read may never be committed.
    if (this.changing || this.openChanges > 0) return NOT_HELD;
    this.checkStoredGeneration();
    const entry = this.entries.get(key);
    return entry !== undefined && entry.generation === this.generation ? entry.value : NOT_HELD;
  }

  /**
   * Keeps a value loaded at `generation`, only if nothing changed while it was loaded (a load may
   * read another cached value; a change, committed or not, raises the generation).
   */
  private keep(key: string, generation: number, value: unknown): void {
    if (generation === this.generation && !this.changing && this.openChanges === 0) this.entries.set(key, { generation, value });
  }

  /**
   * A calendar's availability (`key`: the calendar and range), loaded at `now` by `load` unless
   * held from a load less than AVAILABILITY_MAX_AGE_MS earlier with no change since, and `now`
   * still before the `validUntil` the load gave (when what it built changes with time alone: a
   * hold lapsing, a booking window opening or closing).
   *
   * Unlike configuration, it is kept while bookings are uncommitted: `load` reads committed data
   * only (SQLite's reader connection, PostgreSQL's pool), which stays the truth until the commit,
   * and the end of every transaction that changed a slot forgets what was kept meanwhile. Under a
   * stream of bookings (each group commit changing slots) the reloads between two commits share
   * one read. Nothing is kept while the configuration is changing (statuses come from it).
   */
  async getRecentAvailability<T>(key: string, now: number, load: () => Promise<{ value: T; validUntil: number }>): Promise<T> {
    const usable = (entry: { loadedAt: number; validUntil: number } | undefined): entry is { loadedAt: number; validUntil: number } =>
      // A clock that went back (a test's) loads again too.
      entry !== undefined && now >= entry.loadedAt && now - entry.loadedAt < AVAILABILITY_MAX_AGE_MS && now < entry.validUntil;
    if (!this.availabilityOpen()) {
      this.checkStoredGeneration();
      const entry = this.availability.get(key);
      if (usable(entry) && entry.generation === this.availabilityGeneration) return entry.value as T;
    }
    // One load at a time per key and generation: the reloads arriving while it runs (a surge's,
    // when every booking made the last one stale) wait for it rather than each loading again. It
    // started after the last change, so it is as fresh as a value held would be. A load that has
    // not started yet (AVAILABILITY_REBUILD_GAP_MS) takes every change before its start: any
    // reload may wait for it.
    const loading = this.availabilityLoads.get(key);
    if (loading !== undefined && (loading.generation === undefined || loading.generation === this.availabilityGeneration) && now >= loading.startedAt) {
      const shared = await loading.result;
      if (usable({ loadedAt: loading.startedAt, validUntil: shared.validUntil })) return shared.value as T;
    }
    const realNow = performance.now();
    const startAt = Math.max(realNow, (this.availabilityLoadStarts.get(key) ?? Number.NEGATIVE_INFINITY) + AVAILABILITY_REBUILD_GAP_MS);
    if (this.availabilityLoadStarts.size >= MOST_AVAILABILITY_ENTRIES) this.availabilityLoadStarts.clear();
    this.availabilityLoadStarts.set(key, startAt);
    const wait = startAt - realNow;
    const started: AvailabilityLoad = { generation: undefined, startedAt: now, result: Promise.resolve({ value: undefined, validUntil: 0 }) };
    const run = async () => {
      started.generation = this.availabilityGeneration;
      return load();
    };
    const result = wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)).then(run) : run();
    started.result = result;
    this.availabilityLoads.set(key, started);
    try {
      const { value, validUntil } = await result;
      if (started.generation === this.availabilityGeneration && !this.availabilityOpen()) {
        if (this.availability.size >= MOST_AVAILABILITY_ENTRIES) this.availability.clear();
        this.availability.set(key, { generation: started.generation, loadedAt: now, validUntil, value });
      }
      return value;
    } finally {
      if (this.availabilityLoads.get(key) === started) this.availabilityLoads.delete(key);
    }
  }

  private availabilityOpen(): boolean {
    return this.changing || this.openChanges > 0;
  }

  /**
   * Forgets every availability held: a slot changed. `uncommitted`: in a transaction still open
   * (SQLite's writer): forgotten again by {@link availabilitySettled}, once it has ended.
   */
  availabilityChanged(uncommitted = false): void {
    this.availabilityGeneration += 1;
    // Every booking changes a slot: clearing an empty Map still allocates a new table for it.
    if (this.availability.size > 0) this.availability.clear();
    if (uncommitted) this.availabilityChanging = true;
  }

  /** The transactions that changed slots (SQLite's writer) have ended. */
  availabilitySettled(): void {
    if (!this.availabilityChanging) return;
    this.availabilityChanging = false;
    this.availabilityChanged();
  }

  /**
   * A transaction running beside others (PostgreSQL) changed the configuration: nothing is kept
   * until it has ended ({@link endChange}), as for {@link changed} with `uncommitted`.
   */
  beginChange(): void {
    this.openChanges += 1;
    this.changed();
  }

  /** The transaction that called {@link beginChange} ended (committed or rolled back). */
  endChange(): void {
    this.openChanges -= 1;
    this.changed();
  }

  /**
   * Forgets everything held: the configuration changed. `uncommitted`: the change is part of a
   * transaction still open; nothing is kept until {@link settled}.
   */
  changed(uncommitted = false): void {
    this.generation += 1;
    this.entries.clear();
    // What a slot's status is worked out from (rules, closed days) may have changed.
    this.availabilityGeneration += 1;
    this.availability.clear();
    if (uncommitted) this.changing = true;
  }

  /** The transaction that changed the configuration has ended (committed or rolled back). */
  settled(): void {
    this.changing = false;
    this.changed();
  }

  private checkStoredGeneration(): void {
    const now = this.clock();
    if (now - this.checkedAt < this.maxAgeMs) return;
    this.checkedAt = now;
    const stored = this.readStoredGeneration();
    if (this.storedGeneration !== undefined && stored !== this.storedGeneration) this.changed();
    this.storedGeneration = stored;
  }
}
