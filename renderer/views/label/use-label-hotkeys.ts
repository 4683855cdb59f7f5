import { useHotkeys, type Options } from 'react-hotkeys-hook';
import type { LabelValue, SettledValue } from '../../../shared/domain';
import type { ScrollMove } from './transcript-scroll';

/** The queue's keys, in the order the shortcuts sheet lists them. */
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
  undo: { keys: 'z, ctrl+z, meta+z', shown: 'z or Ctrl+Z' },
  settlePass: { keys: 'shift+p', shown: 'Shift+P' },
  settleFail: { keys: 'shift+f', shown: 'Shift+F' },
  help: { keys: '?', shown: '?' },
  queue: { keys: 'escape', shown: 'Esc' },
} as const;

/** The transcript's keys, in the order the sheet lists them: each moves the conversation on screen, never a control. */
export const SCROLL_KEYS: Readonly<Record<ScrollMove, { keys: string; shown: string; name: string }>> = {
  'page-down': { keys: 'space, pagedown', shown: 'Space or PageDown', name: 'Scroll the conversation down a screen' },
  'page-up': { keys: 'shift+space, pageup', shown: 'Shift+Space or PageUp', name: 'Scroll it up a screen' },
  'line-down': { keys: 'down', shown: '↓', name: 'Scroll it down a line' },
  'line-up': { keys: 'up', shown: '↑', name: 'Scroll it up a line' },
  start: { keys: 'home', shown: 'Home', name: 'Its first message' },
  end: { keys: 'end', shown: 'End', name: 'Its last message' },
};

interface Handlers {
  isEnabled: boolean;
  give(label: LabelValue): void;
  next(): void;
  previous(): void;
  focusNote(): void;
  showHelp(): void;
  undo(): void;
  settle(label: SettledValue): void;
  scroll(move: ScrollMove): void;
  /** Gives the keys back to the queue: the focused control lets go, the conversation takes the focus. */
  focusQueue(): void;
}

const TYPED_INPUTS = new Set(['text', 'search', 'number', 'email', 'password', 'url', 'tel']);

/** A field the person types in: there a key is text, never a shortcut. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && TYPED_INPUTS.has(target.type);
}

/**
 * The whole queue by keyboard. Label, move and undo keys work wherever the focus is but a field the person types in
 * (the Order list or the Blind box included: there they act on the queue and never change the control, whose own
 * arrow keys and Space stay its own); the transcript's keys work outside controls (Space on a button still presses
 * it); Esc from any control gives the keys back to the queue. Nothing fires while a dialog is open (`isEnabled`).
 */
export function useLabelHotkeys(handlers: Handlers): void {
  const { isEnabled, give, next, previous, focusNote, showHelp, undo, settle, scroll, focusQueue } = handlers;
  const everywhere: Options = {
    enabled: isEnabled,
    preventDefault: true,
    enableOnFormTags: ['select', 'input'],
    ignoreEventWhen: isTyping,
  };
  const outsideControls: Options = {
    enabled: isEnabled,
    preventDefault: true,
    ignoreEventWhen: (event) => isTyping(event) || (event.key === ' ' && event.target instanceof HTMLButtonElement),
  };
  useHotkeys('p', () => give('pass'), everywhere, [give]);
  useHotkeys('f', () => give('fail'), everywhere, [give]);
  useHotkeys('u', () => give('unsure'), everywhere, [give]);
  useHotkeys('s', () => give('skip'), everywhere, [give]);
  useHotkeys('e', () => give('simulator_error'), everywhere, [give]);
  useHotkeys(MOVE_KEYS.next.keys, next, everywhere, [next]);
  useHotkeys(MOVE_KEYS.previous.keys, previous, everywhere, [previous]);
  useHotkeys(MOVE_KEYS.note.keys, focusNote, everywhere, [focusNote]);
  useHotkeys(MOVE_KEYS.undo.keys, undo, everywhere, [undo]);
  useHotkeys(MOVE_KEYS.settlePass.keys, () => settle('pass'), everywhere, [settle]);
  useHotkeys(MOVE_KEYS.settleFail.keys, () => settle('fail'), everywhere, [settle]);
  useHotkeys(MOVE_KEYS.queue.keys, focusQueue, everywhere, [focusQueue]);
  // Matched on the character, whatever the layout puts it under (Shift+/ on a US keyboard).
  useHotkeys(MOVE_KEYS.help.keys, showHelp, { ...everywhere, useKey: true, ignoreModifiers: true }, [showHelp]);
  useHotkeys(SCROLL_KEYS['page-down'].keys, () => scroll('page-down'), outsideControls, [scroll]);
  useHotkeys(SCROLL_KEYS['page-up'].keys, () => scroll('page-up'), outsideControls, [scroll]);
  useHotkeys(SCROLL_KEYS['line-down'].keys, () => scroll('line-down'), outsideControls, [scroll]);
  useHotkeys(SCROLL_KEYS['line-up'].keys, () => scroll('line-up'), outsideControls, [scroll]);
  useHotkeys(SCROLL_KEYS.start.keys, () => scroll('start'), outsideControls, [scroll]);
  useHotkeys(SCROLL_KEYS.end.keys, () => scroll('end'), outsideControls, [scroll]);
}
