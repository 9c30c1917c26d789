import type { OrderState } from '@ws/contract';
import { Progress, Space } from 'antd';

export const STATE_COLORS: Record<OrderState, string> = {
  scheduled: 'default',
  running: 'processing',
  ended: 'success',
};

/** Leads against an aim, as a bar. */
export function AimProgress({ leads, aim, testId }: { leads: number; aim: number | null; testId: string }) {
  if (aim === null) {
    return (
      <span data-testid={testId} data-leads={leads}>
        {leads.toLocaleString()}
      </span>
    );
  }
  return (
    <Space size={8} style={{ whiteSpace: 'nowrap' }} data-testid={testId} data-leads={leads} data-aim={aim}>
      <span>
        {leads.toLocaleString()} / {aim.toLocaleString()}
      </span>
      <Progress
        percent={Math.min(100, Math.round((leads / aim) * 100))}
        size="small"
        style={{ width: 80, margin: 0 }}
      />
    </Space>
  );
}
