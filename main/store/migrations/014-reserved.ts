import type { Migration } from './migration';

/**
 * Issue 22's migration (label history) takes number 14; it lands from another branch. Until it does, this empty step
 * keeps the versions consecutive so 015 can follow. Merging issue 22 replaces this file: a store migrated past 14 with
 * this step (a developer's own, never a user's) would skip that migration.
 */
export const reserved: Migration = { version: 14, name: 'reserved', sql: '' };
