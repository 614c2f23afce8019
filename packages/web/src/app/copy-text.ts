/**
 * Copies text. The Clipboard API is refused on plain-HTTP LAN addresses and by some in-app
 * browsers, so a selected off-screen text area with `execCommand('copy')` is the fallback; false
 * when both are refused (the page then asks for a long press on the visible text).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyBySelection(text);
  }
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen, and 16 px so iOS does not zoom in while it is focused.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px';
  document.body.append(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
