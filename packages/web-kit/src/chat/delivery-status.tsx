import {
  CheckOutlined,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  QuestionCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ChatMessage } from '@ws/contract';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const TICK_BLUE = '#34b7f1';

/** Two overlapping ticks, as WhatsApp draws "delivered" (grey) and "read" (blue). */
const DoubleTick = ({ color }: { color?: string }) => (
  <span style={{ display: 'inline-flex', color }}>
    <CheckOutlined />
    <CheckOutlined style={{ marginLeft: -7 }} />
  </span>
);

/**
 * The ticks of an outbound message: a clock while queued, one tick once the Cloud API has it,
 * two when delivered, two blue when read, red with the reason when it failed or was not sent,
 * amber with the reason while it is unknown whether it went (a status webhook settles it), grey
 * when it was cancelled before it went.
 */
export function DeliveryStatus({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('messages');
  if (message.direction !== 'out') return null;
  const { status } = message;
  const label = t(`status.${status}`);
  let icon: React.ReactNode;
  if (status === 'queued') icon = <ClockCircleOutlined />;
  else if (status === 'accepted' || status === 'sent') icon = <CheckOutlined />;
  else if (status === 'delivered') icon = <DoubleTick />;
  else if (status === 'read') icon = <DoubleTick color={TICK_BLUE} />;
  else if (status === 'failed' || status === 'refused' || status === 'unknown') {
    const reason = [message.error_code, message.error_title].filter((part) => part !== null).join(' ');
    return (
      <Typography.Text
        type={status === 'unknown' ? 'warning' : 'danger'}
        style={{ fontSize: 12 }}
        data-testid="delivery-status"
        data-status={status}
      >
        {status === 'unknown' ? <QuestionCircleOutlined /> : <ExclamationCircleFilled />} {label}
        {reason && `: ${reason}`}
      </Typography.Text>
    );
  } else if (status === 'cancelled') icon = <StopOutlined />;
  else return null;
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-testid="delivery-status" data-status={status} style={{ fontSize: 12 }}>
        {icon}
      </span>
    </Tooltip>
  );
}
