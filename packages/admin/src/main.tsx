import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './app/i18n/index.ts';

void initI18n().then(() => createRoot(document.getElementById('root')!).render(<App />));
