import { argumentText } from './argument-json';
import { REPORT_EXAMPLES } from '../constants';
import { isRecord } from './line-problems';

/** `json_string`: OpenAI's `function.arguments` must parse to an object; `dict`: TRL's must already be one. */
export type ArgumentEncoding = 'json_string' | 'dict';
export type RoundtripFormat = 'openai' | 'trl';

export interface RoundtripReport {
  /** Tool calls checked. */
  checked: number;
  /** Tool calls whose arguments would not survive the trip into the trainer. */
  invalid: number;
  /** 0-based indices of the first bad lines (at most 20). */
  rows: number[];
  encoding: ArgumentEncoding;
  checked_for: RoundtripFormat;
}

const MESSAGE_LISTS = ['messages', 'prompt', 'completion', 'chosen', 'rejected', 'preferred_output', 'non_preferred_output'] as const;

function messageLists(line: Record<string, unknown>): unknown[][] {
  const lists = MESSAGE_LISTS.map((key) => line[key]).filter((value): value is unknown[] => Array.isArray(value));
  if (isRecord(line.input) && Array.isArray(line.input.messages)) lists.push(line.input.messages);
  return lists;
}

function argumentsValid(value: unknown, encoding: ArgumentEncoding): boolean {
  if (encoding === 'dict') return isRecord(value);
  return typeof value === 'string' && argumentText(value) === 'object';
}

/** The tool-call round-trip gate, line by line: every call's arguments must decode the way the format's trainer reads them. */
export class RoundtripGate {
  private checked = 0;
  private invalid = 0;
  private readonly rows: number[] = [];
  private readonly encoding: ArgumentEncoding;

  constructor(private readonly format: RoundtripFormat) {
    this.encoding = format === 'openai' ? 'json_string' : 'dict';
  }

  /** Checks one line (text or parsed); returns how many of its calls failed. */
  check(line: unknown, index: number): number {
    let value = line;
    if (typeof line === 'string') {
      try {
        value = JSON.parse(line) as unknown;
      } catch {
        value = undefined;
      }
    }
    let bad = 0;
    if (isRecord(value)) {
      for (const list of messageLists(value)) {
        for (const message of list) {
          const calls = isRecord(message) && Array.isArray(message.tool_calls) ? message.tool_calls : [];
          for (const call of calls) {
            this.checked += 1;
            const fn = isRecord(call) ? call.function : undefined;
            if (!isRecord(fn) || !argumentsValid(fn.arguments, this.encoding)) bad += 1;
          }
        }
      }
    }
    this.invalid += bad;
    if (bad > 0 && this.rows.length < REPORT_EXAMPLES) this.rows.push(index);
    return bad;
  }

  /** Counts the calls of a line known to pass (see `cleanLineStats`). */
  addClean(calls: number): void {
    this.checked += calls;
  }

  state(): { checked: number; invalid: number; rows: number[] } {
    return { checked: this.checked, invalid: this.invalid, rows: [...this.rows] };
  }

  /** Adds a gate run elsewhere over the lines that follow this gate's first `lineOffset` lines. */
  absorb(state: { checked: number; invalid: number; rows: number[] }, lineOffset: number): void {
    this.checked += state.checked;
    this.invalid += state.invalid;
    for (const row of state.rows) if (this.rows.length < REPORT_EXAMPLES) this.rows.push(row + lineOffset);
  }

  report(): RoundtripReport {
    return { checked: this.checked, invalid: this.invalid, rows: [...this.rows], encoding: this.encoding, checked_for: this.format };
  }
}

/** `tool_call_roundtrip(rows, format)`: the gate over a whole list of lines. */
export function toolCallRoundtrip(lines: Iterable<unknown>, format: RoundtripFormat): RoundtripReport {
  const gate = new RoundtripGate(format);
  let index = 0;
  for (const line of lines) gate.check(line, index++);
  return gate.report();
}
