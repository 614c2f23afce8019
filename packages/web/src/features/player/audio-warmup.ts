/**
 * A video's first picture waits until the browser has set up sound output for it (the media
 * pipeline asks the audio system for the output's parameters first): a third of a second when
 * nothing has played yet, measured in Chromium. Asking once while the phone is idle readies it for
 * the first tap. The AudioContext is closed at once and never plays: no gesture, no sound.
 */
export function warmAudioOutput(): void {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    void new Context().close().catch(() => undefined);
  } catch {
    // No sound output on this device: nothing to ready.
  }
}
