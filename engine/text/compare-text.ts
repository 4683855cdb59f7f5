/** Code-unit order, so a sorted list (and every seeded draw over it) does not depend on the locale. */
export function compareText(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}
