// The schema changes, one numbered file each, in the order they apply. A new one is the next file
// here and the next entry below (test/migrations.test.ts checks that every file is listed, in order).
import { migration as m001 } from './001-surveys-and-survey-results.js';
import { migration as m002 } from './002-uploaded-files.js';
import { migration as m003 } from './003-calendars-and-slot-claims.js';
import { migration as m004 } from './004-orders-and-holds.js';
import { migration as m005 } from './005-payments.js';
import { migration as m006 } from './006-member-numbers.js';
import { migration as m007 } from './007-staff-teams-and-audit-log.js';
import { migration as m008 } from './008-staff-column-choices.js';
import { migration as m009 } from './009-survey-versions.js';
import { migration as m010 } from './010-calendar-administration.js';
import { migration as m011 } from './011-slot-claimed-units.js';
import { migration as m012 } from './012-configuration-generation.js';
import { migration as m013 } from './013-postgresql-baseline.js';
import { migration as m014 } from './014-orders-for-staff.js';
import { migration as m015 } from './015-folded-answers.js';
import { migration as m016 } from './016-line-messages.js';
import { migration as m017 } from './017-survey-drafts.js';
import { migration as m018 } from './018-waitlists.js';
import { migration as m019 } from './019-lotteries.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

export const migrations: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010, m011, m012, m013, m014, m015, m016, m017, m018, m019];
