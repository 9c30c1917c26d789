/**
 * The Groups API: create, list active groups, info, invite link (get, reset), join requests (list,
 * approve, reject), remove participants, delete. People join only by the invite link themselves.
 */

import { MetaReplyError } from './errors.js';
import {
  type ApprovedJoinRequests,
  approvedJoinRequests,
  type CreatedGroup,
  createdGroup,
  type GroupInfo,
  type GroupSummary,
  type GroupUpdate,
  groupInfo,
  groupList,
  groupUpdateReply,
  inviteLinkReply,
  type JoinRequest,
  joinRequest,
  type Page,
  pageOf,
  type RejectedJoinRequests,
  rejectedJoinRequests,
  toPage,
} from './replies.js';
import { type GraphTransport, segment } from './transport.js';

export const GROUP_FIELDS = [
  'subject',
  'description',
  'creation_timestamp',
  'suspended',
  'total_participant_count',
  'participants',
  'join_approval_mode',
] as const;

export interface NewGroup {
  /** At most 128 characters. */
  subject: string;
  /** At most 2048 characters. */
  description?: string;
  /** `approval_required`: joining by link needs the business's approval (join requests). */
  joinApprovalMode?: 'auto_approve' | 'approval_required';
}

type Paging = { limit?: number; after?: string };

const joinRequestPage = pageOf(joinRequest);
const product = { messaging_product: 'whatsapp' } as const;

export function groupsApi(graph: GraphTransport) {
  const joinRequests = (groupId: string) => `${segment(groupId)}/join_requests`;

  return {
    /** Creates a group; Meta answers with a request id and sends the group id and link by webhook. */
    createGroup(phoneNumberId: string, group: NewGroup): Promise<CreatedGroup> {
      const json = {
        ...product,
        subject: group.subject,
        ...(group.description === undefined ? {} : { description: group.description }),
        ...(group.joinApprovalMode === undefined ? {} : { join_approval_mode: group.joinApprovalMode }),
      };
      return graph.expect(createdGroup, { method: 'POST', path: `${segment(phoneNumberId)}/groups`, json });
    },

    async listGroups(phoneNumberId: string, paging: Paging = {}): Promise<Page<GroupSummary>> {
      const query = { limit: paging.limit, after: paging.after };
      return toPage(await graph.expect(groupList, { method: 'GET', path: `${segment(phoneNumberId)}/groups`, query }));
    },

    getGroup(groupId: string, fields: readonly string[] = GROUP_FIELDS): Promise<GroupInfo> {
      return graph.expect(groupInfo, { method: 'GET', path: segment(groupId), query: { fields: fields.join(',') } });
    },

    async getGroupInviteLink(groupId: string): Promise<string> {
      const path = `${segment(groupId)}/invite_link`;
      return (await graph.expect(inviteLinkReply, { method: 'GET', path })).invite_link;
    },

    /** Revokes the current link and returns the new one. */
    async resetGroupInviteLink(groupId: string): Promise<string> {
      const path = `${segment(groupId)}/invite_link`;
      return (await graph.expect(inviteLinkReply, { method: 'POST', path, json: product })).invite_link;
    },

    async listJoinRequests(groupId: string, paging: Paging = {}): Promise<Page<JoinRequest>> {
      const query = { limit: paging.limit, after: paging.after };
      return toPage(await graph.expect(joinRequestPage, { method: 'GET', path: joinRequests(groupId), query }));
    },

    approveJoinRequests(groupId: string, joinRequestIds: string[]): Promise<ApprovedJoinRequests> {
      const json = { ...product, join_requests: joinRequestIds };
      return graph.expect(approvedJoinRequests, { method: 'POST', path: joinRequests(groupId), json });
    },

    rejectJoinRequests(groupId: string, joinRequestIds: string[]): Promise<RejectedJoinRequests> {
      const json = { ...product, join_requests: joinRequestIds };
      return graph.expect(rejectedJoinRequests, { method: 'DELETE', path: joinRequests(groupId), json });
    },

    removeGroupParticipants(groupId: string, waIds: string[]): Promise<GroupUpdate> {
      const json = { ...product, participants: waIds.map((user) => ({ user })) };
      return graph.expect(groupUpdateReply, { method: 'DELETE', path: `${segment(groupId)}/participants`, json });
    },

    async deleteGroup(groupId: string): Promise<void> {
      const path = segment(groupId);
      const reply = await graph.expect(groupUpdateReply, { method: 'DELETE', path });
      if (reply.success === false)
        throw new MetaReplyError(`DELETE ${path}`, 200, 'unexpected-shape', 'success: false');
    },
  };
}
