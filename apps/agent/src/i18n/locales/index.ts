import { withKitTexts } from '@ws/web-kit/i18n';
import { clientTexts } from './client.js';
import { composerTexts } from './composer.js';
import { conversationTexts } from './conversation.js';
import { translationTexts } from './translation.js';
import { workspaceTexts } from './workspace.js';

/** The seat client's namespaces of texts: its shell's, the workspace's, the open conversation's, its composer's and translation's. */
const namespaces = {
  client: clientTexts,
  workspace: workspaceTexts,
  conversation: conversationTexts,
  composer: composerTexts,
  translation: translationTexts,
} as const;

/** Every text of the seat client, by language and namespace: the web kit's and its own. */
export const resources = withKitTexts(namespaces);
