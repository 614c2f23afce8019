import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Stands in for antd-mobile's `utils/unstable-render` (vite.config.ts, antdRootRender). The
 * library draws its imperative dialogs and toasts (`Dialog.alert`, `Toast.show`) through
 * rc-util's legacy `render`, which React 19 no longer has, unless `unstableSetRender` is called
 * first; and its module bundles that legacy helper (with Babel's runtime) into the start-up code
 * even then. Here React 19's root API is the render from the start.
 */
type Render = (node: ReactElement, container: Element | DocumentFragment) => () => Promise<void>;

let render: Render = (node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
};

/** The library's own signature: sets the render when given one, returns the one in use. */
export function unstableSetRender(next?: Render): Render {
  if (next) render = next;
  return render;
}
