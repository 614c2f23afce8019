import { HIDDEN_CONFIG_TAPS } from '@app/contract/constants';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { withCatalogue } from '../i18n/index.ts';

const HiddenConfigPopup = lazy(withCatalogue(() => import('./HiddenConfig.tsx')));

/**
 * The hidden line-config dialog (spec part 1 §2): every 10th tap on its trigger opens it. It lists
 * the ranked lines, takes a manual dev line, shows host, fast code and version, and can log out.
 */
export function HiddenConfigTrigger({ children }: { children: ReactNode }) {
  const taps = useRef(0);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <span
        data-testid="hidden-config-trigger"
        onClick={() => {
          taps.current += 1;
          if (taps.current % HIDDEN_CONFIG_TAPS === 0) {
            setOpen(true);
            setOpened(true);
          }
        }}
      >
        {children}
      </span>
      {/* Mounted from the first opening on, so the pop-up can animate its closing too. */}
      {opened && (
        <Suspense fallback={null}>
          <HiddenConfigPopup open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
