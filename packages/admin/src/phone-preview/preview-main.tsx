// The phone preview's own document (phone-preview.html), framed by the console's settings and feed
// pages: the web app's stylesheets, antd-mobile and its theme live only in here, so none of them
// reaches the console's antd page, and the app's components draw what a phone would.
import 'antd-mobile/es/global';
import '@app/web/src/app/theme.css';
import { setRankedLines } from '@app/web/src/app/lines/line-book.ts';
import { catalogueComplete, initI18n } from '@app/web/src/app/i18n/index.ts';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PREVIEW_READY, type PhoneScript, type PreviewMessage } from './preview-message.ts';
import { PreviewScreen } from './PreviewScreen.tsx';

/** The image line is this server, with the image key the app reads from app info. */
async function takeThisServersImages() {
  const reply = await fetch('/v1/appinfo', { credentials: 'omit' });
  const body = (await reply.json()) as { response: { imgUrl: { key: string } } };
  setRankedLines('img', [{ url: location.origin, key: body.response.imgUrl.key }]);
}

/** The app's words in one script, the whole catalogue: asked for again only when the script changes. */
let words: { script: PhoneScript; ready: Promise<unknown> } | undefined;
function wordsIn(script: PhoneScript) {
  if (words?.script !== script) words = { script, ready: initI18n(script).then(() => catalogueComplete()) };
  return words.ready;
}

function Preview() {
  const [message, setMessage] = useState<PreviewMessage>();
  useEffect(() => {
    // The form changes while the words of a new script load: only the newest message is drawn.
    let newest = 0;
    const receive = (event: MessageEvent<PreviewMessage>) => {
      if (event.origin !== location.origin || event.source !== window.parent) return;
      const number = ++newest;
      void wordsIn(event.data.script).then(() => {
        if (number !== newest) return;
        document.documentElement.lang = event.data.script === 'tw' ? 'zh-TW' : 'zh-CN';
        setMessage(event.data);
      });
    };
    window.addEventListener('message', receive);
    window.parent.postMessage(PREVIEW_READY, location.origin);
    return () => window.removeEventListener('message', receive);
  }, []);
  return message ? <PreviewScreen key={message.script} message={message} /> : null;
}

void takeThisServersImages().catch(() => undefined);
document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
createRoot(document.getElementById('root')!).render(<Preview />);
