/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The support WhatsApp number shown in the top bar, digits with country code. */
  readonly VITE_SUPPORT_WHATSAPP?: string;
}
