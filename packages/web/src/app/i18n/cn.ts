import { cnFirst } from './cn-first.ts';
import { cnMore } from './cn-more.ts';

/**
 * Simplified-Chinese catalogue (locale `cn`). Flat snake_case keys; `{{name}}` is i18next
 * interpolation. `tw.ts` must carry exactly the same keys (the compiler checks it).
 *
 * It comes in two parts, so the first render waits for the few keys the first screen names only
 * (`cn-first.ts`) and the rest (`cn-more.ts`) follows; the app loads the parts (catalogue.ts),
 * this whole is for types and tests.
 *
 * Key groups: generic buttons, time units and counts, navigation (tab_*, route_*), server status
 * keys (`status.message`), error dialog keys of the spec, session, start-up, shell pop-ups,
 * line config, country codes, loading and empty states, account forms, browsing, play page,
 * purchase, rewards and member area.
 */
export const cn = { ...cnFirst, ...cnMore } as const;

export type MessageKey = keyof typeof cn;
