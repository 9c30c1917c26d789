import type { QrQuery } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { loadQrCode } from '../../platform/lazy-libraries.js';
import { shareLinksOf } from './share-link.js';
import { selectQrShare } from './share-repository.js';

const AGID = { zh: 'agid: 分配', en: 'agid: Share' };

/**
 * `info/getqr`: the QR code of a share's link URL (`<origin>/l/{slug}`), as a PNG or an SVG.
 * `agid` is a share id, or `agent-<userId>` for that agent's current share; a seat gets only its own.
 */
export async function shareQrCode(db: Db, scope: Scope, query: QrQuery, origin: string): Promise<FileReply> {
  const agentId = query.agid.startsWith('agent-') ? query.agid.slice('agent-'.length) : undefined;
  const shareId = await selectQrShare(db, scope, agentId ? { agentId } : { shareId: query.agid });
  if (!shareId) throw errors.notFound(AGID);
  const link = (await shareLinksOf(db, scope.tenantId, [shareId])).get(shareId);
  if (!link) throw errors.conflict({ zh: 'agid: 该分配还没有链接', en: 'agid: the share has no link yet' });
  const url = `${origin}${link.path}`;
  const fileName = `share-${shareId}.${query.format}`;
  const QRCode = await loadQrCode();
  if (query.format === 'svg') {
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { fileName, body: svg, headers: { 'content-type': 'image/svg+xml; charset=utf-8' } };
  }
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: query.size });
  return { fileName, body: png };
}
