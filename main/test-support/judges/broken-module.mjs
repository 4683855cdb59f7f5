// A module judge that cannot judge anything: every row throws the same error.
export default function judge() {
  throw new Error('the judge cannot read rows today');
}
