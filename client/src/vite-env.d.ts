/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The URL of Redoc's standalone bundle (vite.config.ts, redocStandalone). */
declare module 'virtual:redoc-standalone' {
  const url: string;
  export default url;
}
