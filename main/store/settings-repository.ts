import { statement, type Db } from './database';

export function getSetting(db: Db, key: string): unknown {
  const record = statement<[string], { value: string }>(db, 'SELECT value FROM settings WHERE key = ?').get(key);
  return record === undefined ? undefined : JSON.parse(record.value);
}

export function setSetting(db: Db, key: string, value: unknown): void {
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    JSON.stringify(value),
  );
}
