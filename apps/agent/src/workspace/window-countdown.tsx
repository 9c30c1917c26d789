import { Tag } from 'antd';
import { remainingText, useNow } from './clock.js';

/** The 24-hour window's time left, counting down on the workspace's one clock; "closed" once it ends. */
export function WindowCountdown({
  closesAt,
  openText,
  closedText,
}: {
  closesAt: number;
  openText: (time: string) => string;
  closedText: string;
}) {
  const left = remainingText(closesAt, useNow());
  return (
    <Tag color={left ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }} data-testid="window-countdown">
      {left ? openText(left) : closedText}
    </Tag>
  );
}
