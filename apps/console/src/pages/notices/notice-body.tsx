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

/** A notice's body: HTML the server has sanitised (sanitize-notice.ts keeps only simple formatting and safe links). */
export function NoticeBody({ html }: { html: string }) {
  return (
    <div
      className="notice-body"
      data-testid="notice-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it with sanitize-html before storing it
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
