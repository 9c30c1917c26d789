import { withKitTexts } from '@ws/web-kit/i18n';
import { clientTexts } from './client.js';
import { conversationTexts } from './conversation.js';
import { workspaceTexts } from './workspace.js';

/** The seat client's namespaces of texts: its shell's, the workspace's and the open conversation's. */
const namespaces = { client: clientTexts, workspace: workspaceTexts, conversation: conversationTexts } as const;

/** Every text of the seat client, by language and namespace: the web kit's and its own. */
export const resources = withKitTexts(namespaces);
