/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The member site, for links from the console (forgot password, "Open member site"). */
  readonly VITE_MEMBER_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
