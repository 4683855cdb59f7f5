import { initial } from './001-initial';
import type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [initial];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
