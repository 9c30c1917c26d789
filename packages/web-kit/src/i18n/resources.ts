import type { Language } from '@ws/contract';
import { apiTexts } from './texts/api.js';
import { listTexts } from './texts/list.js';
import { messagesTexts } from './texts/messages.js';
import { selectsTexts } from './texts/selects.js';
import { signInTexts } from './texts/sign-in.js';

/** One namespace of texts: the same keys in each language. */
export type TextNamespace = { readonly [L in Language]: object };

/** The texts of the kit's own parts, one namespace each: the request wrapper, the list kit, the pickers, the chat renderers, the sign-in form. */
export const kitNamespaces = {
  api: apiTexts,
  list: listTexts,
  selects: selectsTexts,
  messages: messagesTexts,
  credentials: signInTexts,
} as const;

type KitNamespaces = typeof kitNamespaces;

/** Every text of an app, by language and namespace: the kit's namespaces, then the app's own. */
export type ResourcesOf<N extends Record<string, TextNamespace>> = {
  [L in Language]: { [K in keyof (KitNamespaces & N)]: (KitNamespaces & N)[K][L] };
};

/**
 * An app's resources for `setUpI18n`: its own namespaces (shell, menu, one per screen domain)
 * joined to the kit's, so the kit's components find their texts in every app.
 */
export function withKitTexts<N extends Record<string, TextNamespace>>(namespaces: N): ResourcesOf<N> {
  const all: Record<string, TextNamespace> = { ...kitNamespaces, ...namespaces };
  const inLanguage = (language: Language) =>
    Object.fromEntries(Object.entries(all).map(([name, texts]) => [name, texts[language]]));
  return { zh: inLanguage('zh'), en: inLanguage('en') } as ResourcesOf<N>;
}
