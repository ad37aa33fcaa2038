/**
 * Every migration, in order. Listed statically (not read from the folder at run time)
 * so the set is fixed by the code that ships. Forward-only: add a new file and a line
 * here; never edit or remove one that has run somewhere.
 */
import type { Migration } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as accounts from './0002-accounts.ts';
import * as mining from './0003-mining.ts';
import * as notifications from './0004-notifications.ts';
import * as changeNotifications from './0005-change-notifications.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-mining': mining,
  '0004-notifications': notifications,
  '0005-change-notifications': changeNotifications,
};
