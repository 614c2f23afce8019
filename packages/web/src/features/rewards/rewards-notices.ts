import { showAlert } from '../../app/shell/notices.ts';
import { Toast } from '../../app/toast.ts';
import { createElement } from 'react';
import { messageOf, t } from '../../app/i18n/index.ts';

/**
 * How the reward pages talk to the user: what was typed or chosen wrong is a short toast (§9: 1 s);
 * what the server answered is a dialog the user confirms.
 */
export function showInputProblem(messageKey: string): void {
  Toast.show({ content: t(messageKey) });
}

/** A dialog to confirm; `detail` is a second, quieter line (the server's reason for a refusal). */
export async function alertDialog(content: string, title?: string, detail?: string): Promise<void> {
  await showAlert({
    title,
    content: detail
      ? createElement('div', { className: 'reward-dialog' }, content, createElement('small', null, detail))
      : content,
    confirmText: t('got_it'),
  });
}

/**
 * The server's reason for a refusal when the catalogue knows it ("该兑换码您已使用过"), shown under
 * the dialog's own text; an unknown key or an empty message adds nothing.
 */
export function knownReason(message: string | undefined): string | undefined {
  const key = (message ?? '').trim();
  if (key === '' || key === 'ok') return undefined;
  const text = messageOf(key);
  return text === key ? undefined : text;
}
