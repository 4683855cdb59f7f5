import { z } from 'zod';
import type { FailureMapOptions } from '../../../engine/index';
import { getSetting, setSetting } from '../../store/settings-repository';
import type { Db } from '../../store/database';

/** The setting holding the before and after versions the person chose, in this data folder. */
export const TRACE_VERSIONS_KEY = 'traces.versions';

const StoredVersions = z.object({ before_version: z.string().min(1), after_version: z.string().min(1) }).strict();

/** The chosen pair, or {} (the default: the two versions seen last) when none was chosen or the stored value is unreadable. */
export function chosenVersions(db: Db): FailureMapOptions {
  const parsed = StoredVersions.safeParse(getSetting(db, TRACE_VERSIONS_KEY));
  return parsed.success ? parsed.data : {};
}

/** Keeps the pair, or forgets it (null) to go back to the default. */
export function keepVersions(db: Db, versions: { before_version: string; after_version: string } | null): void {
  setSetting(db, TRACE_VERSIONS_KEY, versions);
}
