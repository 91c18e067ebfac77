// What the staff account commands share: the server's database and settings, and the terminal.
import { readConfigOrExit } from '../src/env.js';
import type { CommandIo } from '../src/modules/staff/create-staff-command.js';

/** Runs a staff command with this process's arguments against the server's database; its result is the exit code. */
export async function runStaffCommand(command: (args: readonly string[], io: CommandIo) => Promise<number>): Promise<void> {
  const config = readConfigOrExit();
  process.exitCode = await command(process.argv.slice(2), {
    database: { databasePath: config.databasePath, databaseUrl: config.databaseUrl },
    security: config.staff,
    out: (line) => {
      console.log(line);
    },
    err: (line) => {
      console.error(line);
    },
  });
}
