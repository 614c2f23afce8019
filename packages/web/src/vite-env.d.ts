/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** The running build's version, compared with app info's `pwa.version` to offer an update. */
declare const __APP_VERSION__: string;
