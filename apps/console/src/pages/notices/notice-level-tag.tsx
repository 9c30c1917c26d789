import type { Notice } from '@ws/contract';
import { Tag } from 'antd';
import { CodeLabel } from '../../components/codes/code-label.js';

const LEVEL_COLORS: Record<Notice['level'], string> = { info: 'blue', warning: 'orange', important: 'red' };

export function NoticeLevelTag({ level }: { level: Notice['level'] }) {
  return (
    <Tag color={LEVEL_COLORS[level]}>
      <CodeLabel group="NoticeLevel" code={level} />
    </Tag>
  );
}
