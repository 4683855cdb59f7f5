/** A reward below this is a failure everywhere. (Its own module, free of zod: export workers load it without the schemas.) */
export const PASS_THRESHOLD = 0.5;
