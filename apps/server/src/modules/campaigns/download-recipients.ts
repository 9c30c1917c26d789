import {
  CAMPAIGN_CONTENT_TYPES,
  type CampaignKind,
  type Language,
  RECIPIENT_STATES,
  type Recipient,
  type RecipientState,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { csvTable, fileStamp, type TableColumn, XLSX_MAX_ROWS, xlsxTable } from '../../platform/http/table-download.js';
import { presentRecipient } from './campaign-details.js';
import { selectCampaign, selectTallies } from './campaign-repository.js';
import { selectRecipientsAfter } from './recipient-repository.js';

/** Recipients read per query: the download walks the campaign in contact order, holding no connection. */
const BATCH_ROWS = 5_000;

export const STATE_TEXTS: Record<RecipientState, { zh: string; en: string }> = {
  pending: { zh: '待发送', en: 'Pending' },
  queued: { zh: '排队中', en: 'Queued' },
  accepted: { zh: '已提交', en: 'Accepted' },
  sent: { zh: '已发送', en: 'Sent' },
  delivered: { zh: '已送达', en: 'Delivered' },
  read: { zh: '已读', en: 'Read' },
  replied: { zh: '已回复', en: 'Replied' },
  failed: { zh: '失败', en: 'Failed' },
  refused: { zh: '被规则拒绝', en: 'Refused' },
  unknown: { zh: '结果未知', en: 'Unknown' },
  deferred: { zh: '已推迟', en: 'Deferred' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  skipped: { zh: '已跳过', en: 'Skipped' },
};

const COLUMNS: TableColumn<Recipient>[] = [
  { zh: '号码', en: 'Phone', value: (row) => `+${row.wa_id}` },
  { zh: '名称', en: 'Name', value: (row) => row.name },
  { zh: '发送号码', en: 'Sender', value: (row) => row.number_phone },
  { zh: '状态', en: 'State', value: (row, language) => STATE_TEXTS[row.state][language] },
  { zh: 'A/B 版本', en: 'A/B variant', value: (row) => row.variant ?? '' },
  { zh: '轮次', en: 'Run', value: (row) => row.run_no },
  { zh: '错误码', en: 'Error code', value: (row) => row.error_code ?? '' },
  { zh: '错误', en: 'Error', value: (row) => row.error_title ?? '' },
  { zh: '更新时间 (UTC)', en: 'Updated (UTC)', value: (row) => row.updated_at },
  { zh: '消息 ID', en: 'Message id', value: (row) => row.message_id ?? '' },
];

/** `btmsg/down`, `power/down`: the recipients with their states, CSV or XLSX, streamed in batches. */
export async function downloadRecipients(
  context: AppContext,
  scope: Scope,
  kind: CampaignKind,
  request: { id: string; format: 'csv' | 'xlsx'; state?: RecipientState | null | undefined },
  language: Language,
): Promise<FileReply> {
  const campaign = await selectCampaign(context.pool, scope, kind, request.id);
  if (!campaign) throw errors.notFound({ zh: 'id: 任务', en: 'id: Campaign' });
  const state = request.state ? RECIPIENT_STATES.indexOf(request.state) : null;
  const expected = (await selectTallies(context.pool, [campaign.id]))
    .filter((tally) => state === null || tally.state === state)
    .reduce((sum, tally) => sum + tally.n, 0);
  if (request.format === 'xlsx' && expected >= XLSX_MAX_ROWS) {
    throw errors.invalid(
      'format',
      'XLSX 最多 1,048,575 行，请下载 CSV',
      'XLSX holds at most 1,048,575 rows; download CSV',
    );
  }
  const filter = { state: request.state };
  async function* batches() {
    let after = '0';
    for (;;) {
      const rows = await selectRecipientsAfter(context.pool, scope, campaign?.id as string, filter, after, BATCH_ROWS);
      yield rows.map(presentRecipient);
      if (rows.length < BATCH_ROWS) return;
      after = (rows.at(-1) as { contact_id: string }).contact_id;
    }
  }
  const name = `campaign-${campaign.id}-${fileStamp()}`;
  const headers = { 'x-total-count': String(expected) };
  if (request.format === 'csv')
    return { fileName: `${name}.csv`, headers, body: csvTable(batches(), COLUMNS, language) };
  return {
    fileName: `${name}.xlsx`,
    headers: { ...headers, 'content-type': CAMPAIGN_CONTENT_TYPES.xlsx },
    body: xlsxTable(batches(), COLUMNS, language, 'recipients'),
  };
}
