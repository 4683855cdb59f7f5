import { round4 } from '../../../shared/domain/rounding';
import { LEAK_MIN_QUOTE_CHARS, REPORT_EXAMPLES } from '../constants';
import type { ExportInput } from '../export-input';
import { compactJson } from '../formats/json-text';

/** Privileged fields a reply must never quote (the rubric is the judge's own text and is not searched). */
export const LEAK_FIELDS = ['reference', 'principle', 'hidden_state'] as const;

export interface LeakHit {
  rollout_id: string;
  scenario_id: string;
  rollout_index: number;
  field: string;
  needle: string;
}

export interface LeakReport {
  n_rows: number;
  /** Rows that carried privileged text to check against. */
  n_checked: number;
  n_leaked: number;
  /** n_leaked / n_checked, 4 dp; null when nothing was checked. */
  rate: number | null;
  /** False when no row carried privileged text (rows from a file are already scrubbed): the check said nothing. */
  checked: boolean;
  leaked: LeakHit[];
  summary: string;
}

const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

interface Needle {
  normal: string;
  /** The normalised needle's words, longest first: each must appear in the lowercased text for the needle to. */
  words: string[];
}

const NEEDLE_MEMO = 1024;
const needles = new Map<string, Needle>();

/** A privileged text prepared for matching; rows of one scenario share theirs, so the preparation is kept (bounded). */
function needleOf(value: string): Needle {
  let needle = needles.get(value);
  if (!needle) {
    const normal = normalise(value);
    needle = { normal, words: [...new Set(normal.split(' '))].sort((a, b) => b.length - a.length) };
    if (needles.size >= NEEDLE_MEMO) needles.clear();
    needles.set(value, needle);
  }
  return needle;
}

/** Per privileged field, the needle prepared last. */
const lastNeedles: ({ value: string; needle: Needle } | undefined)[] = [];

/**
 * The first privileged quote found in the row's final reply or any assistant turn (content or call arguments).
 * Matching ignores case and runs of whitespace. Every whitespace-free word of the normalised needle must then appear
 * in the lowercased text as is (collapsing whitespace never changes other characters), so a row missing one is
 * cleared without normalising its text.
 */
export function findLeak(input: ExportInput): LeakHit | null {
  const { row } = input;
  if (!row.privileged) return null;
  let lowered: string | null = null;
  let haystack: string | null = null;
  for (let index = 0; index < LEAK_FIELDS.length; index++) {
    const field = LEAK_FIELDS[index]!;
    const value = row.privileged[field];
    if (value === undefined) continue;
    // Consecutive rows of a scenario ask for the same needles: a compare with the last one per field, before any lookup.
    const last = lastNeedles[index];
    const needle = last?.value === value ? last.needle : (lastNeedles[index] = { value, needle: needleOf(value) }).needle;
    if (needle.normal.length < LEAK_MIN_QUOTE_CHARS) continue;
    lowered ??= assistantText(input).toLowerCase();
    const text = lowered;
    if (!needle.words.every((word) => text.includes(word))) continue;
    haystack ??= normalise(lowered);
    if (haystack.includes(needle.normal)) {
      return { rollout_id: row.rollout_id, scenario_id: row.situation.scenario_id, rollout_index: row.rollout_index, field, needle: value };
    }
  }
  return null;
}

function assistantText(input: ExportInput): string {
  // An argument JSON.stringify writes as nothing (undefined) joins as an empty piece, as it always has.
  const said: (string | undefined)[] = [input.row.final_text];
  for (const message of input.row.messages) {
    if (message.role !== 'assistant') continue;
    said.push(message.content);
    for (const call of message.tool_calls ?? []) said.push(compactJson(call.arguments));
  }
  return said.join('\n');
}

/** The privileged-leak gate, row by row over the pre-scrub source. */
export class LeakGate {
  private rows = 0;
  private checked = 0;
  private readonly hits: LeakHit[] = [];
  private leakedCount = 0;

  /** Returns the leak found in this row, if any. */
  check(input: ExportInput): LeakHit | null {
    this.rows += 1;
    if (!input.row.privileged || Object.keys(input.row.privileged).length === 0) return null;
    this.checked += 1;
    const hit = findLeak(input);
    if (hit) {
      this.leakedCount += 1;
      if (this.hits.length < REPORT_EXAMPLES) this.hits.push(hit);
    }
    return hit;
  }

  /** Counts a row checked earlier: `finding` null when it carried no privileged text, else its hit or none. */
  addChecked(finding: { hit: LeakHit | null } | null): void {
    this.rows += 1;
    if (!finding) return;
    this.checked += 1;
    if (finding.hit) {
      this.leakedCount += 1;
      if (this.hits.length < REPORT_EXAMPLES) this.hits.push(finding.hit);
    }
  }

  state(): { rows: number; checked: number; leaked: number; hits: LeakHit[] } {
    return { rows: this.rows, checked: this.checked, leaked: this.leakedCount, hits: [...this.hits] };
  }

  /** Adds a gate run elsewhere over later rows. */
  absorb(state: { rows: number; checked: number; leaked: number; hits: LeakHit[] }): void {
    this.rows += state.rows;
    this.checked += state.checked;
    this.leakedCount += state.leaked;
    for (const hit of state.hits) if (this.hits.length < REPORT_EXAMPLES) this.hits.push(hit);
  }

  report(): LeakReport {
    const rate = this.checked === 0 ? null : round4(this.leakedCount / this.checked);
    const summary =
      this.checked === 0
        ? `no row carried privileged text, so the leak check was vacuous (rows read back from a file are already scrubbed)`
        : `${this.leakedCount} of ${this.checked} rows quote privileged text (>= ${LEAK_MIN_QUOTE_CHARS} chars) in an assistant turn`;
    return {
      n_rows: this.rows,
      n_checked: this.checked,
      n_leaked: this.leakedCount,
      rate,
      checked: this.checked > 0,
      leaked: [...this.hits],
      summary,
    };
  }
}

/** `leak_report(rows)` over a whole list. */
export function leakReport(inputs: Iterable<ExportInput>): LeakReport {
  const gate = new LeakGate();
  for (const input of inputs) gate.check(input);
  return gate.report();
}
