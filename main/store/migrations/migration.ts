/** One schema step. Versions are consecutive from 1; a migration never changes once released. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
