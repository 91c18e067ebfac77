// What `pnpm bench` measures with, in one place: the seeded database (the demo surveys and the
// booking case's calendar), the citizens and the bodies they send. Shared by run.ts and by
// test/bench-faithful.test.ts, which must send exactly the requests the load sends.
import { CITIZEN_QUESTIONNAIRE } from '@city/demo-data';
import { signWebIdToken } from '@city/line-stand-in';
import type { Answers, SurveyConfig } from '@city/survey-core';
import { addDaysToDate, buildSubmissionPayload, formatReservationValue, todayInJapan } from '@city/survey-core';
import type { StorageLocation } from '../src/db/storage.js';
import { openStorage } from '../src/db/storage.js';
import { seedDemoData } from '../src/demo-seed.js';
import { calendarImportRepository } from '../src/modules/calendars/repositories.js';
import { surveyRepository } from '../src/modules/surveys/repositories.js';

export const CITIZENS = 10; // one per connection

/**
 * The booking case: a survey whose one reservation item books a venue with two slots a week ahead,
 * `hot` and `cold`, ten units each, and no limit per citizen. Each citizen moves their booking
 * from one to the other and back: every request frees a claim and takes one, and the hot slot
 * always has the ten citizens' claims to count.
 */
export const BOOKING_SURVEY: SurveyConfig = {
  surveyId: 'bench-booking',
  surveyTitle: '予約 (bench)',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'bench-venue', required: true },
  ],
};
const BOOKING_DATE = addDaysToDate(todayInJapan(), 7);

/**
 * The demo surveys and the booking case's calendar, written before any server opens the database:
 * a SQLite file, or a PostgreSQL database (`databaseUrl`), through the server's repositories.
 */
export async function seedDatabase(location: StorageLocation): Promise<void> {
  const storage = await openStorage(location);
  try {
    await seedDemoData(storage);
    await storage.store(surveyRepository).transaction((surveys) => surveys.save({ config: BOOKING_SURVEY, lookupItemKeys: [], searchable: false }));
    await storage.store(calendarImportRepository).transaction(async (admin) => {
      await admin.insertCategory({ categoryId: 'bench-venue', tag1: '予約', tag2: '', tag3: '', position: 0 });
      await admin.insertCalendar({
        calendarId: 'bench-calendar',
        categoryId: 'bench-venue',
        rules: { bookingOpensDaysAhead: 60, bookingClosesBefore: { unit: 'days', amount: 1 }, changeClosesBefore: { unit: 'days', amount: 1 } },
      });
      for (const slotId of ['hot', 'cold']) await admin.putSlot('bench-calendar', { date: BOOKING_DATE, slotId, start: '10:00', end: '11:00', capacity: 10 });
    });
  } finally {
    await storage.close();
  }
}

export interface Citizen {
  userId: string;
  token: string;
}

/** The bench's citizens, each with an ID token signed with the server's channel secret. */
export function benchCitizens(channel: { channelId: string; channelSecret: string }): Promise<Citizen[]> {
  return Promise.all(
    Array.from({ length: CITIZENS }, async (_, i) => {
      const userId = `U${String(i).padStart(32, 'b')}`;
      const token = await signWebIdToken(channel, { userId, displayName: `市民 ${i}`, pictureUrl: 'https://profile.example/p.png' }, { expiresIn: 3 * 3600 });
      return { userId, token };
    }),
  );
}

const questionnaireAnswers = (n: number): Answers => ({
  name: `市民 ${n}号`,
  kana: 'シミン',
  email: `citizen${n}@example.jp`,
  phone: '090-1234-5678',
  postalCode: '100-0001',
  address: '東京都千代田区千代田1-1',
  household: '3',
  birthday: '1985-04-01',
  area: '中央区',
  satisfaction: 'やや満足',
  services: ['図書館', '体育館'],
  visitDate: '2026-10-01',
  opinion: '子育て支援の窓口が分かりやすくなると助かります。'.repeat(4),
});

/** putItem: each citizen replaces their own record of the update-mode questionnaire (its JSON body). */
export const putItemBody = (citizen: Citizen, i: number): string =>
  JSON.stringify(buildSubmissionPayload({ config: CITIZEN_QUESTIONNAIRE, userId: citizen.userId, answers: questionnaireAnswers(i) }));

/** How many rows one questionnaire record has. */
export const rowsPerRecord = (): number => buildSubmissionPayload({ config: CITIZEN_QUESTIONNAIRE, userId: 'U0', answers: questionnaireAnswers(0) }).data.length;

/** Booking: a citizen's record of the booking survey on the hot slot, then on the cold one (two bodies sent in turn). */
export const bookingBodies = (citizen: Citizen, i: number): [string, string] => {
  const [hot, cold] = ['hot', 'cold'].map((slotId) =>
    JSON.stringify(
      buildSubmissionPayload({
        config: BOOKING_SURVEY,
        userId: citizen.userId,
        answers: { name: `市民 ${i}号`, slot: formatReservationValue({ categoryId: 'bench-venue', date: BOOKING_DATE, slotId }) },
      }),
    ),
  );
  return [hot ?? '', cold ?? ''];
};
