import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CAMPAIGN_CALLS_BY_KIND,
  type Campaign,
  type CampaignKind,
  DEFAULT_PAGE_SIZE,
  type RealtimeEvent,
  type RecipientState,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { useEffect, useState } from 'react';
import { type CampaignAction, MOVING_STATUSES } from './campaign-model.js';

/** How often a moving campaign is read again when no realtime event came (a safety net, not the main path). */
export const LIVE_REFRESH_MS = 3000;

/** The five calls of a kind: btmsg for mass send, power for burst send. */
export const callsOf = (kind: CampaignKind) => CAMPAIGN_CALLS_BY_KIND[kind];

/** Whether a realtime event is about campaigns (one, when `id` is given). */
function isCampaignEvent(event: RealtimeEvent, id?: string): boolean {
  if (!event.type.startsWith('campaign.')) return false;
  // campaign.progress names it campaign_id; an event naming no campaign concerns every one.
  const data = event.data as { campaign_id?: string; id?: string };
  const named = data.campaign_id ?? data.id;
  return id === undefined || named === undefined || named === id;
}

export interface CampaignFilters {
  search?: string;
  status?: Campaign['status'];
}

/** The campaigns of a kind, page by page, kept live by campaign events and, while any moves, a slow refresh. */
export function useCampaigns(kind: CampaignKind, filters: CampaignFilters) {
  const list = usePagedList(callsOf(kind).list, { filters });
  useRefetchOnEvent(list.queryKey, (event) => isCampaignEvent(event));
  const moving = list.records.some((campaign) => MOVING_STATUSES.includes(campaign.status));
  const { refresh } = list;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void refresh(), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [moving, refresh]);
  return list;
}

export interface RecipientFilters {
  state?: RecipientState;
  numberId?: string;
  search?: string;
}

/** One campaign's details with a page of its recipients; live like the list. */
export function useCampaignDetails(kind: CampaignKind, id: string | undefined, filters: RecipientFilters) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const filterKey = JSON.stringify(filters);
  // A new filter starts from the first page.
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (lastFilterKey !== filterKey) {
    setLastFilterKey(filterKey);
    setPage(1);
  }
  const call = callsOf(kind).details;
  const queryKey = [call.id, id, filterKey, page, pageSize];
  useRefetchOnEvent(queryKey, (event) => id !== undefined && isCampaignEvent(event, id));
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(call, { body: { id: id as string, page, pageSize, filters }, signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const status = current.state.data?.campaign.status;
      return status && MOVING_STATUSES.includes(status) ? LIVE_REFRESH_MS : false;
    },
  });
  const turn = (nextPage: number, nextSize: number) => {
    setPage(nextSize === pageSize ? nextPage : 1);
    setPageSize(nextSize);
  };
  return { query, page, pageSize, turn };
}

/** Starts, pauses, resumes, cancels or resends a campaign; the reply is the campaign as it now is. */
export function operateCampaign(kind: CampaignKind, id: string, action: CampaignAction): Promise<Campaign> {
  return callApi(callsOf(kind).operation, { body: { id, action }, notifySuccess: true });
}
