import type { Migration } from './migration';

/**
 * Number 16 is another branch's (issue 25's export work) and this branch's own migration is 17; the runner applies
 * versions in order without gaps, so this empty step holds the place. The real 016 replaces it when the branches meet.
 */
export const reserved: Migration = {
  version: 16,
  name: 'reserved',
  sql: '',
};
