import { useEffect, useRef } from 'react';

/**
 * Back closes the dialog first, as phones do: every dialog, sheet and pop-up of the app opens a
 * history entry of its own (same address, marked in `history.state`), and going back closes the
 * ones above the entry it lands on. One mechanism for all of them: declarative ones through
 * `useCloseOnBack`, imperative ones (notices.ts) through `openOnHistory`.
 *
 * A dialog the app closes itself (a button, the mask) leaves its entry: when nothing navigated
 * meanwhile the app steps back over it; when a tap navigated on, the entry is left under the new
 * page and skipped when back reaches it, so back never seems to do nothing.
 */

const DEPTH = 'appOverlayDepth';
const ID = 'appOverlayId';

interface Overlay {
  id: number;
  /** Its entry's depth; 0 while its entry waits to be pushed. */
  depth: number;
  close: () => void;
}

const open: Overlay[] = [];
let serial = 0;
let listening = false;
/**
 * Steps back the app asked for and the browser has not made yet. A dialog opening meanwhile
 * waits for them: pushed before, its entry would be the one stepped back over.
 */
let pendingBacks = 0;
/** Work waiting for the steps back above to be made (afterDialogsClosed). */
const waiting: (() => void)[] = [];

function stateOf(): Record<string, unknown> {
  const state: unknown = history.state;
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

function depthNow(): number {
  const depth = stateOf()[DEPTH];
  return typeof depth === 'number' ? depth : 0;
}

function stepBack() {
  pendingBacks += 1;
  history.back();
}

function pushEntry(overlay: Overlay) {
  overlay.depth = depthNow() + 1;
  // The router's own fields are kept, so it reads this entry as the same page.
  history.pushState({ ...stateOf(), [DEPTH]: overlay.depth, [ID]: overlay.id }, '');
}

function onPopState() {
  if (pendingBacks > 0) pendingBacks -= 1;
  const depth = depthNow();
  // Close, newest first, everything opened above the entry back landed on.
  for (let i = open.length - 1; i >= 0; i--) {
    const overlay = open[i]!;
    if (overlay.depth > depth) {
      open.splice(i, 1);
      overlay.close();
    }
  }
  // An entry whose dialog is gone (closed by the app, or from before a reload) is stepped over.
  const id = stateOf()[ID];
  if (typeof id === 'number' && !open.some((overlay) => overlay.id === id)) stepBack();
  else if (pendingBacks === 0) {
    for (const overlay of open) if (overlay.depth === 0) pushEntry(overlay);
    for (const then of waiting.splice(0)) then();
  }
}

/**
 * Registers an open dialog: pushes its history entry; the callback runs when back removes it. Returns
 * the function to call when the app closes the dialog itself.
 */
export function openOnHistory(close: () => void): () => void {
  if (!listening) {
    listening = true;
    window.addEventListener('popstate', onPopState);
  }
  const overlay: Overlay = { id: ++serial, depth: 0, close };
  open.push(overlay);
  if (pendingBacks === 0) pushEntry(overlay);
  return () => {
    const index = open.indexOf(overlay);
    if (index < 0) return; // back closed it already
    open.splice(index, 1);
    if (overlay.depth === 0) return; // its entry was never pushed
    // After the tap's own work: a navigation it made keeps its entry (see above).
    setTimeout(() => {
      if (stateOf()[ID] === overlay.id) stepBack();
    }, 0);
  };
}

/**
 * Runs `then` once the entries of the dialogs the app just closed are stepped over. A navigation
 * back (a dialog's "go back" answer) made sooner would land on such an entry, the same page,
 * instead of the page before.
 */
export function afterDialogsClosed(then: () => void): void {
  // After the closes' own timers (openOnHistory), which ask for their steps back.
  setTimeout(() => {
    if (pendingBacks === 0) then();
    else waiting.push(then);
  }, 0);
}

/** Gives a dialog shown while `visible` its history entry; back calls the close callback. `key` marks a new dialog in the same component. */
export function useCloseOnBack(visible: boolean, close: () => void, key?: unknown): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!visible) return;
    return openOnHistory(() => closeRef.current());
  }, [visible, key]);
}
