import { type BodyOf, calls, type QueuedReply } from '@ws/contract';
import { ApiError, callApi, showError } from '@ws/web-kit/api';
import { translate } from '@ws/web-kit/i18n';
import { App } from 'antd';
import { useCallback } from 'react';

type SendBody = BodyOf<typeof calls.inboxSend>;

/** The field the server names when a reply could not be translated: the agent decides (decision 0018). */
const ASK_FIELD = 'sendOriginal: ';

/** Whether a failed `inbox/send` asks the agent whether to send the original untranslated. */
export const asksToSendOriginal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.message.startsWith(ASK_FIELD);

/** How the agent is asked; antd's `modal.confirm` from `App.useApp()` fits. */
export type AskAgent = (question: {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}) => Promise<boolean>;

/**
 * Sends an agent's reply with `inbox/send`. When the conversation translates and the translation
 * failed, the server sends nothing and says so; the agent is then asked whether to send the
 * original as typed, and it goes only if they say yes. Answers what was queued (with the
 * translation when it went translated), or null when the agent kept editing. Other failures are
 * shown and thrown, as every call's are.
 */
export async function sendReply(request: SendBody, ask: AskAgent): Promise<QueuedReply | null> {
  try {
    return await callApi(calls.inboxSend, { body: request, silent: true });
  } catch (error) {
    if (!asksToSendOriginal(error)) {
      showError(error);
      throw error;
    }
    const reason = error.message.slice(ASK_FIELD.length);
    const yes = await ask({
      title: translate('translation:confirmOriginalTitle'),
      content: translate('translation:confirmOriginalBody', { reason }),
      okText: translate('translation:sendOriginal'),
      cancelText: translate('translation:keepEditing'),
    });
    if (!yes) return null;
    return callApi(calls.inboxSend, { body: { ...request, sendOriginal: true } });
  }
}

/** `sendReply` asking the agent with antd's confirm dialog: what the composer calls to send text. */
export function useSendReply(): (request: SendBody) => Promise<QueuedReply | null> {
  const { modal } = App.useApp();
  return useCallback(
    (request: SendBody) =>
      sendReply(
        request,
        (question) =>
          new Promise<boolean>((resolve) => {
            modal.confirm({ ...question, onOk: () => resolve(true), onCancel: () => resolve(false) });
          }),
      ),
    [modal],
  );
}
