import type { Template } from '@ws/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

const STATUS_COLORS: Record<string, string> = {
  APPROVED: 'success',
  PENDING: 'processing',
  IN_APPEAL: 'processing',
  REJECTED: 'error',
  DISABLED: 'error',
  PAUSED: 'warning',
  PENDING_DELETION: 'default',
  DELETED: 'default',
};
const QUALITY_COLORS: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red' };

/** A template's status as a coloured tag; a rejection's reason in its tooltip. */
export function TemplateStatusTag({ template }: { template: Pick<Template, 'status' | 'rejected_reason'> }) {
  const { t } = useTranslation('templates');
  const codeName = useCodeName();
  const tag = (
    <Tag
      color={STATUS_COLORS[template.status] ?? 'default'}
      data-testid="template-status"
      data-status={template.status}
    >
      {codeName('TemplateStatus', template.status)}
    </Tag>
  );
  return template.rejected_reason ? (
    <Tooltip title={t('rejectedReason', { reason: template.rejected_reason })}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** Meta's quality score of a template, coloured; '-' until Meta rated it. */
export function TemplateQualityTag({ quality }: { quality: string | null }) {
  const codeName = useCodeName();
  if (!quality) return <span>-</span>;
  return <Tag color={QUALITY_COLORS[quality] ?? 'default'}>{codeName('NumberQuality', quality)}</Tag>;
}
