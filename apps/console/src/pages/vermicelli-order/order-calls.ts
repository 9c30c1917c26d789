import { useQuery } from '@tanstack/react-query';
import { calls, type DetailListRequest, type OrderState } from '@ws/contract';
import { callApi, callFile } from '@ws/web-kit/api';
import { readDownload, saveFile, usePagedList } from '@ws/web-kit/list';
import type { PickerOption } from '@ws/web-kit/pickers';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

const concernsOrder = (orderId?: string) => (event: { type: string; data?: unknown }) =>
  event.type === 'order.progress' &&
  (orderId === undefined || (event.data as { order_id: string }).order_id === orderId);

/** The orders, page by page, kept live by `order.progress` (their leads of today and of the period). */
export function useOrders(filters: { search?: string; state?: OrderState }) {
  const list = usePagedList(calls.orderList, { filters });
  useRefetchOnEvent(list.queryKey, concernsOrder());
  return list;
}

/** One order with its shares and days, read again when its counts change. */
export function useOrderProgress(id: string | undefined) {
  const queryKey = [calls.orderProgress.id, id];
  useRefetchOnEvent(queryKey, concernsOrder(id));
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.orderProgress, { body: { id: id as string }, signal }),
    enabled: id !== undefined,
  });
}

/** An order's intake records, filtered, kept live. */
export function useOrderDetails(orderId: string, filters: DetailListRequest['filters']) {
  const list = usePagedList(calls.orderDetailList, { orderId, filters });
  useRefetchOnEvent(list.queryKey, concernsOrder(orderId));
  return list;
}

/** An order's history of changes. */
export function useOrderRecords(orderId: string) {
  const list = usePagedList(calls.orderRecords, { orderId });
  useRefetchOnEvent(list.queryKey, concernsOrder(orderId));
  return list;
}

/** A share's QR code as an object URL (the call needs the session's token, so no plain <img src>). */
export async function shareQrUrl(shareId: string, format: 'png' | 'svg', signal?: AbortSignal): Promise<string> {
  const response = await callFile(calls.infoGetQr, {
    query: { agid: shareId, format },
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return URL.createObjectURL(await response.blob());
}

/** Saves a share's QR code as an SVG file (a failure is shown by the request wrapper, then thrown). */
export async function downloadQrSvg(shareId: string): Promise<void> {
  const response = await callFile(calls.infoGetQr, { query: { agid: shareId, format: 'svg' } });
  saveFile(await readDownload(response, `share-${shareId}.svg`, () => undefined));
}

/** Contacts whose name or phone holds the text, a page of them, for the manual entry. */
export async function searchContacts(text: string, signal: AbortSignal): Promise<PickerOption[]> {
  const page = await callApi(calls.contactList, { body: { page: 1, pageSize: 30, filters: { search: text } }, signal });
  return page.records.map((contact) => ({
    value: contact.id,
    label: [contact.name, contact.wa_id && `(${contact.wa_id})`].filter(Boolean).join(' ') || contact.id,
  }));
}
