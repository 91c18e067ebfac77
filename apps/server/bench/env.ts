// The bench's settings, read in one place.
const number = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

/**
 * Seconds each target is loaded per round (BENCH_SECONDS), rounds (BENCH_ROUNDS), and the turns a
 * round's seconds are taken in (BENCH_SLICES: each target loaded that many times for
 * BENCH_SECONDS / BENCH_SLICES, in turns; see run.ts's measureCase).
 */
export const benchSettings = () => ({ seconds: number('BENCH_SECONDS', 6), rounds: number('BENCH_ROUNDS', 5), slices: Math.max(1, Math.round(number('BENCH_SLICES', 6))) });

/**
 * BENCH_ONLY=putItem,booking,records,searchable,bulk,export,putItem-postgres,booking-postgres: measure
 * only these cases (default all).
 */
export const onlyCases = () => process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

/** BENCH_EXPORT_RECORDS: the export case's records (a million). */
export const exportRecords = () => Math.round(number('BENCH_EXPORT_RECORDS', 1_000_000));

/**
 * BENCH_EXPORT_DATABASE: where the export case's seeded database is kept between runs (seeding a
 * million records takes minutes); by default in the system's temporary folder.
 */
export const exportDatabasePath = () => process.env.BENCH_EXPORT_DATABASE;

/** BENCH_KEEP=1: keep the databases and the servers' logs (their folder is printed). */
export const keepFiles = () => process.env.BENCH_KEEP === '1';

/** BENCH_PROFILE=<dir>: the server writes a CPU profile (node --cpu-prof) there when it stops. */
export const profileDir = () => process.env.BENCH_PROFILE;

/** What run.ts gives the anchor process. */
export const anchorSettings = () => ({
  databasePath: process.env.DATABASE_PATH ?? ':memory:',
  port: Number(process.env.PORT ?? 0),
  /** Trace every statement there, as the server does with the same variable (faithful.ts compares them). */
  sqlTraceFile: process.env.SQL_TRACE_FILE,
});

/** The search path the server processes get (nothing else of this environment). */
export const searchPath = () => process.env.PATH ?? '';
