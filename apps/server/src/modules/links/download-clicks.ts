import type { Language, LinkClick } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import type { FileReply } from '../../platform/http/file-route.js';
import {
  csvTable,
  fileStamp,
  type TableColumn,
  XLSX_CONTENT_TYPE,
  xlsxTable,
} from '../../platform/http/table-download.js';
import { selectClicksBefore } from './click-log-repository.js';
import { linkOf } from './link-queries.js';

const BATCH_ROWS = 5_000;

const COLUMNS: TableColumn<LinkClick>[] = [
  { zh: '时间 (UTC)', en: 'Time (UTC)', value: (c) => c.clicked_at },
  { zh: '号码', en: 'Number', value: (c) => c.phone ?? '' },
  { zh: '选择方式', en: 'Chosen by', value: (c) => c.choice },
  { zh: '访客类型', en: 'Visitor', value: (c) => c.agent_class },
  { zh: '机器人', en: 'Bot', value: (c, language) => (c.bot ? (language === 'zh' ? '是' : 'yes') : '') },
  { zh: '地址哈希', en: 'Address hash', value: (c) => c.address_hash },
  { zh: '来源页', en: 'Referrer', value: (c) => c.referrer },
  { zh: 'UTM', en: 'UTM', value: (c) => new URLSearchParams(c.utm).toString() },
  { zh: '参考码', en: 'Reference', value: (c) => c.ref ?? '' },
  { zh: '会话', en: 'Conversation', value: (c) => c.conversation_id ?? '' },
];

/** `link/down`: the link's click log, newest first, as CSV or XLSX, streamed a batch at a time. */
export async function downloadClicks(
  db: Db,
  scope: Scope,
  request: { id: string; format: 'csv' | 'xlsx' },
  language: Language,
): Promise<FileReply> {
  const link = await linkOf(db, scope, request.id);
  async function* batches() {
    let before: string | null = null;
    for (;;) {
      const batch = await selectClicksBefore(db, scope, link.id, before, BATCH_ROWS);
      yield batch;
      if (batch.length < BATCH_ROWS) return;
      before = (batch.at(-1) as LinkClick).id;
    }
  }
  const name = `link-${link.slug}-clicks-${fileStamp()}`;
  if (request.format === 'csv') return { fileName: `${name}.csv`, body: csvTable(batches(), COLUMNS, language) };
  return {
    fileName: `${name}.xlsx`,
    headers: { 'content-type': XLSX_CONTENT_TYPE },
    body: xlsxTable(batches(), COLUMNS, language, 'clicks'),
  };
}
