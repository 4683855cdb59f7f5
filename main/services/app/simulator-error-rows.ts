/**
 * The subject of the warnings that say rows a person labelled simulator_error are left out: "1 row labelled
 * simulator_error is" or "3 rows labelled simulator_error are".
 */
export function simulatorErrorRows(n: number): string {
  return n === 1 ? '1 row labelled simulator_error is' : `${n} rows labelled simulator_error are`;
}
