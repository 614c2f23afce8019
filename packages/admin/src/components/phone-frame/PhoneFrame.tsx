import { useEffect, useRef, useState } from 'react';
import { PREVIEW_PAGE, PREVIEW_READY, type PreviewMessage } from '../../phone-preview/preview-message.ts';
import './phone-frame.css';

/**
 * A phone (390×844, drawn at 70%) framing the app's own components (phone-preview.html): the app's
 * code and styles load only when a preview is on screen, in a document of their own, so they
 * neither grow the console's bundle nor meet its antd styles. `message` is what it draws.
 */
export function PhoneFrame({ message, label }: { message: PreviewMessage; label: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && event.data === PREVIEW_READY) setReady(true);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  const text = JSON.stringify(message);
  useEffect(() => {
    if (ready) frame.current?.contentWindow?.postMessage(JSON.parse(text), location.origin);
  }, [ready, text]);
  return (
    <div className="phone-frame">
      <div className="phone-frame__screen">
        <iframe ref={frame} className="phone-frame__page" src={PREVIEW_PAGE} title={label} />
      </div>
    </div>
  );
}
