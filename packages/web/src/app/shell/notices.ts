import type { DialogAlertProps, DialogConfirmProps, DialogShowProps, ToastShowProps } from 'antd-mobile';
import type { DialogShowHandler } from 'antd-mobile/es/components/dialog';
import { openOnHistory } from '../back-closes.ts';

/**
 * The app's imperative dialogs and toasts, loaded on first use: start-up shows neither before its
 * first screen, so their code (and the animation library behind them) stays out of the start-up
 * bundle. Every dialog opened here closes on back (back-closes.ts); use these, not antd's
 * `Dialog.alert` / `Dialog.confirm` / `Dialog.show`.
 */
const dialog = () => import('antd-mobile/es/components/dialog').then((module) => module.default);
const locale = () =>
  import('antd-mobile/es/components/config-provider').then((module) => module.getDefaultConfig().locale);

/** A dialog with history: back closes it as its own close would (`onClose`). */
export async function showDialog(props: DialogShowProps): Promise<DialogShowHandler> {
  const { show } = await dialog();
  let dismiss = () => {};
  let closed = false;
  const onClose = () => {
    if (closed) return;
    closed = true;
    dismiss();
    props.onClose?.();
  };
  const handler = show({ ...props, onClose });
  // Closed by back: antd does not call onClose for a dialog closed before it is drawn.
  dismiss = openOnHistory(() => {
    void handler.close();
    onClose();
  });
  return handler;
}

export async function showAlert(props: DialogAlertProps): Promise<void> {
  const words = await locale();
  return new Promise((resolve) => {
    void showDialog({
      ...props,
      closeOnAction: true,
      actions: [{ key: 'confirm', text: props.confirmText ?? words.Dialog.ok, onClick: props.onConfirm }],
      onClose: () => {
        props.onClose?.();
        resolve();
      },
    });
  });
}

/** True for confirm; false for cancel, back or the mask. */
export async function showConfirm(props: DialogConfirmProps): Promise<boolean> {
  const words = await locale();
  return new Promise((resolve) => {
    let answer = false;
    void showDialog({
      ...props,
      closeOnAction: true,
      actions: [
        [
          {
            key: 'cancel',
            text: props.cancelText ?? words.common.cancel,
            onClick: async () => {
              await props.onCancel?.();
            },
          },
          {
            key: 'confirm',
            text: props.confirmText ?? words.common.confirm,
            bold: true,
            onClick: async () => {
              await props.onConfirm?.();
              answer = true;
            },
          },
        ],
      ],
      onClose: () => {
        props.onClose?.();
        resolve(answer);
      },
    });
  });
}

export async function showToast(props: ToastShowProps): Promise<void> {
  // Loaded on the first toast (start-up code stays without it); the module sets the 1000 ms default.
  const { Toast } = await import('../toast.ts');
  Toast.show(props);
}
