import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { clampToScreen, type Position } from './drag-position.ts';

/** A pointer that moved less than this between down and up tapped rather than dragged. */
const TAP_SLOP_PX = 6;

function viewport() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * A floating widget the finger can move anywhere on screen. The position outlives the page (the
 * widget lives in the shell) and is saved through `save`, so it also survives a reload; a tap
 * that did not move calls `onTap`.
 */
export function useDraggable(initial: () => Position, save: (position: Position) => void, onTap: () => void) {
  const element = useRef<HTMLElement | null>(null);
  const [position, setPosition] = useState<Position>(initial);
  // The latest position for the pointer-up handler, which must save where the drag ended.
  const latest = useRef(position);
  latest.current = position;
  const drag = useRef<{ pointer: number; start: Position; from: Position; moved: boolean } | null>(null);

  const keepOnScreen = useCallback((next: Position) => {
    const box = element.current?.getBoundingClientRect();
    return clampToScreen(next, { width: box?.width ?? 0, height: box?.height ?? 0 }, viewport());
  }, []);

  // A rotation or a resized window must not leave the widget off screen.
  useEffect(() => {
    const refit = () => setPosition((current) => keepOnScreen(current));
    refit();
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [keepOnScreen]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointer: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      from: position,
      moved: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    current.moved = true;
    setPosition(keepOnScreen({ x: current.from.x + dx, y: current.from.y + dy }));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current || current.pointer !== event.pointerId) return;
    if (current.moved) save(latest.current);
    else onTap();
  };

  return {
    ref: (node: HTMLElement | null) => {
      element.current = node;
    },
    style: { transform: `translate3d(${position.x}px, ${position.y}px, 0)` },
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
