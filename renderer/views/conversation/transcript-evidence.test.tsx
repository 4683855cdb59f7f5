// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message, TextSpan } from '../../../shared/domain';
import evidence from './__fixtures__/conduct-evidence.json';
import { evidencePlace } from './evidence';
import { Transcript } from './transcript';

afterEach(cleanup);

/** One rule's fixture row and the span its check fires on (written by engine/grade/conduct/node/conduct-evidence.test.ts). */
interface Evidence {
  sdk_rule: number;
  rule: string;
  messages: Message[];
  span: TextSpan;
  span_text: string;
}

/** Marked text compared without the whitespace indenting JSON adds. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

describe('the conduct evidence in the transcript', () => {
  it.each((evidence as Evidence[]).map((entry) => [entry.sdk_rule, entry.rule, entry] as const))(
    'rule %i (%s): marks the span that fired, in the turn the link names',
    (_number, rule, entry) => {
      const { container } = render(<Transcript messages={entry.messages} fired={{ span: entry.span, rule }} />);
      const marks = [...container.querySelectorAll('mark.conduct-mark')];
      expect(marks.length).toBeGreaterThan(0);
      expect(squeezed(marks.map((mark) => mark.textContent).join(''))).toBe(squeezed(entry.span_text));
      // The link says where, in the transcript's own numbering: the turn holding the mark.
      const place = evidencePlace(entry.messages, entry.span);
      const [, role, turn] = /(user|assistant) (\d+)$/.exec(place) ?? [];
      const turnLabel = marks[0]!.closest('li.turn')?.getAttribute('aria-label');
      expect(turnLabel).toBe(`${role === 'user' ? 'User' : 'Assistant'} ${turn}`);
    },
  );
});
