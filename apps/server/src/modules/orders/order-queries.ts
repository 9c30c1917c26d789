import {
  type DetailListRequest,
  type IntakeDetail,
  type IntakeOrder,
  type IntakeShare,
  type OrderProgress,
  type OrderRecord,
  type OrderState,
  type Page,
  type PageRequest,
  toPage,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import { errors, type LocalizedText } from '../../platform/http/errors.js';
import { countDetails, selectDetailPage } from './detail-repository.js';
import { selectOrder, selectOrders } from './order-repository.js';
import { selectOrderDays, selectRecords } from './record-repository.js';
import { shareLinksOf } from './share-link.js';
import { type ShareRow, selectShares } from './share-repository.js';

/** The 404 of an order named by `field`. */
export const orderNotFound = (field: string): LocalizedText => ({ zh: `${field}: 进粉工单`, en: `${field}: Order` });

/** An order of the caller's tenant, or a 404 naming the field. */
export async function requireOrder(
  db: Db,
  scope: Scope,
  id: string,
  field: string,
  lock = false,
): Promise<IntakeOrder> {
  const order = await selectOrder(db, scope, id, lock);
  if (!order) throw errors.notFound(orderNotFound(field));
  return order;
}

/** `order/list`. */
export async function listOrders(
  db: Db,
  scope: Scope,
  request: PageRequest & { filters: { search?: string | undefined; state?: OrderState | null | undefined } },
): Promise<Page<IntakeOrder>> {
  const { rows, total } = await selectOrders(db, scope, request.filters, pageSpanOf(request));
  return toPage(rows, total, request);
}

/** Shares with their links. */
export async function presentShares(db: Db, tenantId: string, rows: ShareRow[]): Promise<IntakeShare[]> {
  const links = await shareLinksOf(
    db,
    tenantId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, link: links.get(row.id) ?? null }));
}

/** `order/progress`: the order, its shares and its leads per day and share. */
export async function orderProgress(db: Db, scope: Scope, id: string, field = 'id'): Promise<OrderProgress> {
  const order = await requireOrder(db, scope, id, field);
  const shares = await presentShares(db, scope.tenantId, await selectShares(db, scope.tenantId, { orderId: id }));
  return { order, shares, days: await selectOrderDays(db, scope.tenantId, id) };
}

/** `order/detaillist`: an order's details of a period (the current one by default), counted up to the cap. */
export async function listDetails(
  db: Db,
  scope: Scope,
  request: DetailListRequest,
): Promise<Page<IntakeDetail> & { total_capped: boolean }> {
  const order = await requireOrder(db, scope, request.orderId, 'orderId');
  const period = request.filters.period ?? order.period;
  const { filters } = request;
  return cappedPage(
    request,
    (cap) => countDetails(db, scope.tenantId, order.id, period, filters, cap),
    (limit, offset) => selectDetailPage(db, scope.tenantId, order.id, period, filters, limit, offset),
  );
}

/** `order/records`. */
export async function listRecords(
  db: Db,
  scope: Scope,
  request: PageRequest & { orderId: string },
): Promise<Page<OrderRecord>> {
  await requireOrder(db, scope, request.orderId, 'orderId');
  const { rows, total } = await selectRecords(db, scope.tenantId, request.orderId, pageSpanOf(request));
  return toPage(rows, total, request);
}
