// A module judge for the grading tests: a bare number, or a throw on rows whose ordinal is 1.
export default function judge(row) {
  if (row.ordinal === 1) throw new Error('the module judge broke on row 1');
  return row.ordinal % 2 === 0 ? 1 : 0.25;
}
