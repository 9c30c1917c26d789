import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { describeIds } from '../contacts/delete-contacts.js';
import { resetAims, resetOrder, setAim, syncOrder } from './aim-commands.js';
import { addDetail, DETAIL_IDS, removeDetails } from './detail-commands.js';
import { createOrder, removeOrders } from './order-commands.js';
import { shareQrCode } from './order-qr.js';
import { listDetails, listOrders, listRecords, orderNotFound, orderProgress } from './order-queries.js';
import { addShare, deleteShares } from './share-commands.js';

const SHARE_IDS = { zh: 'ids: 分配', en: 'ids: Share' };

export function registerOrderRoutes(app: FastifyInstance, context: AppContext): void {
  const db = context.pool;
  route(app, context, calls.orderCreate, async ({ scope, body, audit }) => {
    const order = await createOrder(context, scope, body);
    audit(`order ${order.name} (${order.id})`);
    return order;
  });
  route(app, context, calls.orderList, ({ scope, body }) => listOrders(db, scope, body));
  route(app, context, calls.orderProgress, ({ scope, body }) => orderProgress(db, scope, body.id));
  route(app, context, calls.orderDel, async ({ scope, body, audit }) => {
    const deleted = await removeOrders(context, scope, body.ids);
    audit(deleted.map((order) => `order ${order.name} (${order.id})`).join(', '));
    return batchReply(deleted.length, orderNotFound('ids'));
  });
  route(app, context, calls.orderAddShare, async ({ scope, body, audit }) => {
    const share = await addShare(context, scope, body);
    audit(`share ${share.id} of order ${share.order_id}`);
    return share;
  });
  route(app, context, calls.orderDelShare, async ({ scope, body, audit }) => {
    const count = await deleteShares(context, scope, body.ids);
    audit(describeIds('shares', count, body.ids));
    return batchReply(count, SHARE_IDS);
  });
  route(app, context, calls.orderAddDetail, async ({ scope, body, audit }) => {
    const detail = await addDetail(context, scope, body);
    audit(`intake record ${detail.id} of order ${detail.order_id}: contact ${detail.contact_id}`);
    return detail;
  });
  route(app, context, calls.orderDetailList, ({ scope, body }) => listDetails(db, scope, body));
  route(app, context, calls.orderDelDetail, async ({ scope, body, audit }) => {
    const count = await removeDetails(context, scope, body.ids);
    audit(describeIds('intake records', count, body.ids));
    return batchReply(count, DETAIL_IDS);
  });
  route(app, context, calls.orderSetAim, async ({ scope, body, audit }) => {
    audit(`order ${body.orderId}${body.shareId ? ` share ${body.shareId}` : ''}`);
    return setAim(context, scope, body);
  });
  route(app, context, calls.orderResetAim, async ({ scope, body, audit }) => {
    audit(`order ${body.id}`);
    return resetAims(context, scope, body.id);
  });
  route(app, context, calls.orderResetOrder, async ({ scope, body, audit }) => {
    audit(`order ${body.id}`);
    return resetOrder(context, scope, body.id);
  });
  route(app, context, calls.orderSync, async ({ scope, body, audit }) => {
    audit(`order ${body.id}`);
    return syncOrder(context, scope, body.id);
  });
  route(app, context, calls.orderRecords, ({ scope, body }) => listRecords(db, scope, body));
  fileRoute(app, context, calls.infoGetQr, ({ scope, query, request }) =>
    shareQrCode(db, scope, query, `${request.protocol}://${request.host}`),
  );
}
