import i18next from 'i18next';

/**
 * Focus for every pop-up of the app (WCAG 2.4.3, 2.1.2): antd-mobile's Dialog, Popup and
 * CenterPopup neither move focus into themselves, keep it there, nor give it back, and their close
 * icons are anchors without href that no keyboard reaches. One watcher for all of them, so each
 * pop-up of every feature gets the same behaviour without code of its own:
 * - a pop-up that opens is marked a modal dialog and takes focus (the box itself, not its first
 *   field: on a phone a focused field would open the keyboard);
 * - Tab and Shift+Tab go round the controls of the top pop-up only, and focus that lands outside
 *   it (a screen reader's swipe, a click on the page behind) is brought back;
 * - when it closes, focus goes back to what had it before (the button that opened it).
 */
const MODALS = '.adm-popup-body, .adm-center-popup-wrap, [role="dialog"][aria-modal="true"]';
const CLOSE_ICONS = '.adm-popup-close-icon, .adm-center-popup-close';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface OpenModal {
  element: HTMLElement;
  returnTo: HTMLElement | null;
}

const shown = (element: Element) =>
  element.isConnected &&
  element.getClientRects().length > 0 &&
  getComputedStyle(element).visibility !== 'hidden';

function focusables(modal: HTMLElement): HTMLElement[] {
  return [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shown);
}

/** A modal's semantics, and a keyboard way to its close icon. */
function prepare(modal: HTMLElement) {
  if (!modal.getAttribute('role')) modal.setAttribute('role', 'dialog');
  modal.setAttribute('aria-modal', 'true');
  if (!modal.hasAttribute('tabindex')) modal.tabIndex = -1;
  for (const icon of modal.querySelectorAll<HTMLElement>(CLOSE_ICONS)) {
    if (icon.dataset.keyboard) continue; // a pop-up kept in the page opens again
    icon.dataset.keyboard = 'on';
    icon.setAttribute('role', 'button');
    icon.tabIndex = 0;
    if (!icon.getAttribute('aria-label')) icon.setAttribute('aria-label', i18next.t('close'));
    icon.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        icon.click();
      }
    });
  }
}

/** Starts the watcher; returns its stop (the shell calls it once). */
export function installModalFocus(): () => void {
  let open: OpenModal[] = [];
  let scheduled = 0;

  const sync = () => {
    scheduled = 0;
    const current = [...document.querySelectorAll<HTMLElement>(MODALS)].filter(shown);
    const closed = open.filter((entry) => !current.includes(entry.element));
    open = open.filter((entry) => current.includes(entry.element));
    for (const entry of closed.reverse()) {
      const target = entry.returnTo;
      // Back to the opener, unless focus has already gone somewhere on purpose.
      const lost =
        !document.activeElement || document.activeElement === document.body || !shown(document.activeElement);
      if (target && lost && shown(target)) target.focus({ preventScroll: true });
    }
    for (const element of current) {
      if (open.some((entry) => entry.element === element)) continue;
      const active = document.activeElement;
      open.push({
        element,
        returnTo: active instanceof HTMLElement && active !== document.body ? active : null,
      });
      prepare(element);
      if (!element.contains(document.activeElement)) element.focus({ preventScroll: true });
    }
  };
  const schedule = () => {
    if (!scheduled) scheduled = requestAnimationFrame(sync);
  };

  const top = () => open.at(-1)?.element;
  const onKeyDown = (event: KeyboardEvent) => {
    const modal = top();
    if (event.key !== 'Tab' || !modal) return;
    const controls = focusables(modal);
    const active = document.activeElement;
    const index = controls.indexOf(active as HTMLElement);
    event.preventDefault();
    if (controls.length === 0) return modal.focus({ preventScroll: true });
    const next = event.shiftKey
      ? index <= 0
        ? controls.length - 1
        : index - 1
      : index === -1 || index === controls.length - 1
        ? 0
        : index + 1;
    controls[next]!.focus();
  };
  const onFocusIn = (event: FocusEvent) => {
    const modal = top();
    if (!modal || !(event.target instanceof Node) || modal.contains(event.target)) return;
    // A later pop-up (a toast, a dialog over a sheet) is not "outside".
    if (open.some((entry) => entry.element.contains(event.target as Node))) return;
    modal.focus({ preventScroll: true });
  };

  // Only changes that can open or close a pop-up are worth a sync: each sync measures every pop-up
  // in the page (a forced layout), and start-up changes the page in nearly every frame (covers
  // shown, feed blocks added, the news bar) while the age gate is open.
  // - Style and class changes: on a pop-up or on an element holding one.
  // - Nodes added or removed outside the app's root (the containers the library's pop-ups and
  //   toasts are drawn in): always, as a container may be filled after it is added.
  // - Nodes added or removed inside the root (pages, lists): only a node that is or holds a pop-up
  //   (the age gate, a picker).
  const root = document.getElementById('root');
  const holdsModal = (node: Node) =>
    node instanceof Element && (node.matches(MODALS) || node.querySelector(MODALS) !== null);
  const mayShowOrHide = (record: MutationRecord) => {
    if (record.type !== 'childList') return holdsModal(record.target);
    if (!root?.contains(record.target)) return true;
    return [...record.addedNodes, ...record.removedNodes].some(holdsModal);
  };
  const observer = new MutationObserver((records) => {
    if (records.some(mayShowOrHide)) schedule();
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden'],
  });
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('focusin', onFocusIn);
  schedule();
  return () => {
    observer.disconnect();
    cancelAnimationFrame(scheduled);
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('focusin', onFocusIn);
  };
}
