import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

interface PopoverProps {
  label: string;
  anchor: RefObject<HTMLElement | null>;
  onClose(): void;
  children: ReactNode;
  width?: number;
}

/**
 * A small dialog under its anchor, drawn at the top of the page so a scrolling table cannot clip it. Focus moves in
 * on open; Escape or a click outside closes it and focus returns to the anchor.
 */
export function Popover({ label, anchor, onClose, children, width = 320 }: PopoverProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (!rect) return;
    setPosition({ top: rect.bottom + 4, left: Math.max(8, Math.min(rect.left, window.innerWidth - width - 8)) });
  }, [anchor, width]);

  const isPlaced = position !== null;
  useEffect(() => {
    if (isPlaced) panel.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [isPlaced]);

  useEffect(() => {
    const target = anchor.current;
    const onPointer = (event: PointerEvent) => {
      const node = event.target as Node;
      if (!panel.current?.contains(node) && !target?.contains(node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      target?.focus();
    };
  }, [anchor, onClose]);

  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-label={label}
      className="popover"
      style={position ? { top: position.top, left: position.left, width } : { visibility: 'hidden' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
