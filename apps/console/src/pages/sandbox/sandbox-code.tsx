import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSandboxTarget } from './sandbox-queries.js';

/** How often the sandbox is asked for the code until it has one. */
const CODE_POLL_MS = 1_000;

/**
 * The code the sandbox "texted" to the number, shown in the verify step with a button that fills
 * it in; nothing when numbers live at Meta (a real SMS arrives there) or the number is not the
 * sandbox's.
 */
export function SandboxCode({ numberId, onFill }: { numberId: string; onFill(code: string): void }) {
  const { t } = useTranslation('sandbox');
  const sandbox = useSandboxTarget();
  const code = useQuery({
    queryKey: [calls.sandboxCode.id, numberId],
    queryFn: ({ signal }) => callApi(calls.sandboxCode, { body: { numberId }, signal, silent: true }),
    enabled: sandbox,
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' || query.state.data?.code ? false : CODE_POLL_MS),
  });
  if (!sandbox || code.isError) return null;
  const shown = code.data?.code;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 24, maxWidth: 560 }}
      title={t('codeTitle')}
      description={
        shown ? (
          <Space>
            <Typography.Text strong copyable data-testid="sandbox-code">
              {shown}
            </Typography.Text>
            <Button size="small" onClick={() => onFill(shown)} data-testid="sandbox-code-fill">
              {t('fillIn')}
            </Button>
          </Space>
        ) : (
          t('codeWaiting')
        )
      }
      data-testid="sandbox-code-panel"
    />
  );
}
