import type { DialogAlertProps, DialogConfirmProps, ToastShowProps } from 'antd-mobile';

/**
 * The shell's dialogs and toasts, loaded on first use: start-up shows neither before its first
 * screen, so their code (and the animation library behind them) stays out of the start-up bundle.
 */
const dialog = () => import('antd-mobile/es/components/dialog').then((module) => module.default);

export async function showAlert(props: DialogAlertProps): Promise<void> {
  return (await dialog()).alert(props);
}

export async function showConfirm(props: DialogConfirmProps): Promise<boolean> {
  return (await dialog()).confirm(props);
}

export async function showToast(props: ToastShowProps): Promise<void> {
  const toast = await import('antd-mobile/es/components/toast').then((module) => module.default);
  toast.show(props);
}
