import { useHotkeys } from 'react-hotkeys-hook';
import type { LabelValue } from '../../../shared/domain';

/** The queue's keys, in the order the shortcuts dialog lists them. */
export const LABEL_KEYS: readonly { key: string; label: LabelValue; name: string }[] = [
  { key: 'p', label: 'pass', name: 'Pass' },
  { key: 'f', label: 'fail', name: 'Fail' },
  { key: 'u', label: 'unsure', name: 'Unsure' },
  { key: 's', label: 'skip', name: 'Skip' },
  { key: 'e', label: 'simulator_error', name: 'Simulator error' },
];

export const MOVE_KEYS = {
  next: { keys: 'j, right', shown: 'j or →' },
  previous: { keys: 'k, left', shown: 'k or ←' },
  note: { keys: 'n', shown: 'n' },
  help: { keys: '?', shown: '?' },
} as const;

interface Handlers {
  isEnabled: boolean;
  give(label: LabelValue): void;
  next(): void;
  previous(): void;
  focusNote(): void;
  showHelp(): void;
}

/**
 * The whole queue by keyboard. Keys never fire while the person types (react-hotkeys-hook skips inputs and
 * textareas by default) or while a dialog is open (`isEnabled`).
 */
export function useLabelHotkeys({ isEnabled, give, next, previous, focusNote, showHelp }: Handlers): void {
  const options = { enabled: isEnabled, preventDefault: true };
  useHotkeys('p', () => give('pass'), options, [give]);
  useHotkeys('f', () => give('fail'), options, [give]);
  useHotkeys('u', () => give('unsure'), options, [give]);
  useHotkeys('s', () => give('skip'), options, [give]);
  useHotkeys('e', () => give('simulator_error'), options, [give]);
  useHotkeys(MOVE_KEYS.next.keys, next, options, [next]);
  useHotkeys(MOVE_KEYS.previous.keys, previous, options, [previous]);
  useHotkeys(MOVE_KEYS.note.keys, focusNote, options, [focusNote]);
  // Matched on the character, whatever the layout puts it under (Shift+/ on a US keyboard).
  useHotkeys(MOVE_KEYS.help.keys, showHelp, { ...options, useKey: true, ignoreModifiers: true }, [showHelp]);
}
