import type { CallDefinition } from '@ws/contract';
import { App, Button, Progress, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallOptions, callFile } from '../api/client.js';
import { type DownloadProgress, readDownload, saveFile } from './streaming-download.js';

/**
 * Downloads a file call (an export) while it streams, with a progress notification (rows
 * received of the rows expected, when the server says) and a cancel button; then saves it.
 * Resolves to the rows received, or undefined when it failed or was cancelled.
 */
export function useDownload(): <C extends CallDefinition>(
  call: C,
  options: CallOptions<C>,
  fallbackName: string,
) => Promise<number | undefined> {
  const { t } = useTranslation('list');
  const { notification } = App.useApp();
  return useCallback(
    async (call, options, fallbackName) => {
      const key = `download-${call.id}-${Date.now()}`;
      const abort = new AbortController();
      const show = (progress: DownloadProgress, done = false) => {
        const percent = progress.expectedRows
          ? Math.min(99, Math.floor((Math.max(progress.rows - 1, 0) / progress.expectedRows) * 100))
          : undefined;
        notification.open({
          key,
          duration: done ? 4 : 0,
          title: done ? t('downloadDone') : t('downloading'),
          description: (
            <Space orientation="vertical" style={{ width: '100%' }} data-testid="download-progress">
              <Progress
                percent={done ? 100 : percent}
                status={done ? 'success' : 'active'}
                showInfo={!!percent || done}
              />
              <Typography.Text type="secondary" data-testid="download-rows">
                {t('downloadRows', { count: Math.max(progress.rows - 1, 0) })}
              </Typography.Text>
              {!done && (
                <Button size="small" onClick={() => abort.abort()}>
                  {t('cancel')}
                </Button>
              )}
            </Space>
          ),
          onClose: () => abort.abort(),
        });
      };
      show({ bytes: 0, rows: 0 });
      try {
        const response = await callFile(call, { ...(options as object), signal: abort.signal } as never);
        const file = await readDownload(response, fallbackName, show);
        saveFile(file);
        show({ bytes: file.blob.size, rows: file.rows }, true);
        return Math.max(file.rows - 1, 0);
      } catch {
        // Failures were shown by the request wrapper; a cancel needs no message.
        notification.destroy(key);
        return undefined;
      }
    },
    [notification, t],
  );
}
