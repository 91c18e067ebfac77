// `pnpm --filter @city/server recount`: the recount (recount.ts) for the server's operator, printed
// in Japanese: what was compared, then each finding. Exit code 0 with no drift, 1 with any.
import type { StorageLocation } from '../../db/storage.js';
import { openStorage, repositories } from '../../db/storage.js';
import { recountMessages as text } from '../../messages.js';
import { recount } from './recount.js';
import { recountRepository } from './repositories.js';

export async function runRecountCommand(io: { database: StorageLocation; out: (line: string) => void; err: (line: string) => void }): Promise<number> {
  const storage = await openStorage(io.database);
  try {
    const report = await recount(storage.store(repositories({ recount: recountRepository })));
    io.out(text.compared(report.totals));
    for (const slot of report.slots) io.err(text.slot(slot));
    for (const claim of report.claims) io.err(text.claim(claim));
    for (const answer of report.answers) io.err(text.answer(answer));
    for (const order of report.orders) io.err(text.order(order));
    (report.drift === 0 ? io.out : io.err)(text.drift(report.drift));
    return report.drift === 0 ? 0 : 1;
  } finally {
    await storage.close();
  }
}
