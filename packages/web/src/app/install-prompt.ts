/** The Android install prompt, kept from the moment the browser offers it. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

let installPrompt: InstallPromptEvent | null = null;

/**
 * Listens from the entry on: Chromium offers the prompt once, early, and the install pop-up's code
 * loads later.
 */
export function keepInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
  });
}

/** The kept prompt, handed out once: Chromium allows each prompt to be shown only once. */
export function takeInstallPrompt(): InstallPromptEvent | null {
  const prompt = installPrompt;
  installPrompt = null;
  return prompt;
}
