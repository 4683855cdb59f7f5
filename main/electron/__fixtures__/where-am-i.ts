import { fileURLToPath } from 'node:url';

/** The file this code runs from, as code that finds files beside itself reads it. */
export const here: string = fileURLToPath(import.meta.url);
