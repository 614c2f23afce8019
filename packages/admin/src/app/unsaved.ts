import { App } from 'antd';
import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Forms with edits not yet saved, by a key each form holds while it is changed: leaving the page
 * by the menu asks first, and so does reloading or closing the tab (the browser's own question).
 */
const dirty = new Set<string>();

function beforeUnload(event: BeforeUnloadEvent) {
  if (dirty.size === 0) return;
  event.preventDefault();
  // Older browsers show the question only when a value is returned.
  event.returnValue = '';
}
window.addEventListener('beforeunload', beforeUnload);

export function hasUnsavedEdits(): boolean {
  return dirty.size > 0;
}

/** Marks the calling form as changed (true) or saved/closed (false); cleared when it unmounts. */
export function useUnsaved(changed: boolean) {
  const id = useId();
  useEffect(() => {
    if (changed) dirty.add(id);
    else dirty.delete(id);
    return () => {
      dirty.delete(id);
    };
  }, [changed, id]);
}

/** Forgets every changed form (the operator chose to leave them). */
export function discardUnsaved() {
  dirty.clear();
}

/**
 * Asks "leave without saving?" when some form has unsaved edits; resolves true when there are none
 * or the operator chose to leave.
 */
export function useConfirmLeave() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (force = false) =>
      new Promise<boolean>((resolve) => {
        if (!force && dirty.size === 0) return resolve(true);
        modal.confirm({
          title: t('unsaved_title'),
          content: t('unsaved_text'),
          okText: t('unsaved_leave'),
          okButtonProps: { danger: true },
          cancelText: t('unsaved_stay'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}
