import { z } from 'zod';
import { graphErrors } from '../graph-errors.js';
import { parseGraphInput, requestedFields } from '../graph-input.js';
import { graphPage } from '../graph-paging.js';
import { callFields, type GraphRoutes } from '../graph-router.js';
import {
  approveJoinRequests,
  createGroup,
  deleteGroup,
  participantCount,
  rejectJoinRequests,
  removeParticipants,
  updateGroupSettings,
} from '../groups.js';
import type { SandboxGroup } from '../state.js';
import { inviteLinkOf, unixSeconds } from '../webhook-events.js';

const CreateGroupSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  subject: z.string().min(1).max(128),
  description: z.string().max(2048).optional(),
  join_approval_mode: z.enum(['auto_approve', 'approval_required']).optional(),
});
const GroupSettingsSchema = z
  .looseObject({
    messaging_product: z.literal('whatsapp'),
    subject: z.string().min(1).max(128).optional(),
    description: z.string().max(2048).optional(),
  })
  .refine((input) => input.subject !== undefined || input.description !== undefined, {
    message: 'give subject or description',
    path: ['subject'],
  });
const JoinRequestsSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  join_requests: z.array(z.string().min(1)).min(1).max(8),
});
const RemoveParticipantsSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  participants: z
    .array(z.looseObject({ user: z.string().regex(/^\+?\d{5,20}$/, 'must be a phone number or wa_id') }))
    .min(1)
    .max(8),
});

const groupFields: Record<string, (group: SandboxGroup) => unknown> = {
  id: (group) => group.id,
  subject: (group) => group.subject,
  description: (group) => group.description,
  creation_timestamp: (group) => Math.floor(group.createdAt / 1000),
  suspended: () => false,
  total_participant_count: (group) => participantCount(group),
  participants: (group) => Object.keys(group.participants).map((waId) => ({ wa_id: waId })),
  join_approval_mode: (group) => group.joinApprovalMode,
};

/** The Groups API: create (answered by webhook), list, info, invite link, join requests, removal, delete. */
export const groupRoutes: GraphRoutes = {
  number: {
    'POST groups': (call) => {
      const input = parseGraphInput(CreateGroupSchema, callFields(call));
      const { requestId } = createGroup(call.sandbox, call.object.number, input);
      return { messaging_product: 'whatsapp', request_id: requestId };
    },
    'GET groups': (call) => {
      const groups = [...call.sandbox.store.groups.values()]
        .filter((group) => group.phoneNumberId === call.object.id)
        .map((group) => ({ id: group.id, subject: group.subject, created_at: unixSeconds(group.createdAt) }));
      const page = graphPage(groups, call.query, call.selfUrl);
      return { data: { groups: page.data }, paging: page.paging };
    },
  },
  group: {
    'GET ': (call) => {
      const view: Record<string, unknown> = { messaging_product: 'whatsapp' };
      for (const field of requestedFields(call.query) ?? Object.keys(groupFields)) {
        const read = groupFields[field];
        if (!read) throw graphErrors.unknownField(field, 'WhatsAppGroup');
        view[field] = read(call.object.group);
      }
      view.id = call.object.id;
      return view;
    },
    'POST ': (call) => {
      const input = parseGraphInput(GroupSettingsSchema, callFields(call));
      updateGroupSettings(call.sandbox, call.object.group, input);
      return { success: true };
    },
    'DELETE ': (call) => {
      deleteGroup(call.sandbox, call.object.group);
      return { success: true };
    },
    'GET invite_link': (call) => ({ messaging_product: 'whatsapp', invite_link: inviteLinkOf(call.object.group) }),
    'POST invite_link': (call) => {
      const { group } = call.object;
      call.sandbox.store.setInviteCode(group, call.sandbox.store.code(22));
      return { messaging_product: 'whatsapp', invite_link: inviteLinkOf(group) };
    },
    'DELETE participants': (call) => {
      const input = parseGraphInput(RemoveParticipantsSchema, callFields(call));
      const waIds = input.participants.map((participant) => participant.user.replace(/\D/g, ''));
      removeParticipants(call.sandbox, call.object.group, waIds);
      return { success: true };
    },
    'GET join_requests': (call) => {
      const requests = Object.entries(call.object.group.joinRequests).map(([id, request]) => ({
        join_request_id: id,
        wa_id: request.waId,
        creation_timestamp: unixSeconds(request.createdAt),
      }));
      return graphPage(requests, call.query, call.selfUrl);
    },
    'POST join_requests': (call) => {
      const input = parseGraphInput(JoinRequestsSchema, callFields(call));
      const { approved, failed } = approveJoinRequests(call.sandbox, call.object.group, input.join_requests);
      return {
        messaging_product: 'whatsapp',
        approved_join_requests: approved,
        ...(failed.length > 0 ? { failed_join_requests: failed } : {}),
      };
    },
    'DELETE join_requests': (call) => {
      const input = parseGraphInput(JoinRequestsSchema, callFields(call));
      const { rejected, failed } = rejectJoinRequests(call.sandbox, call.object.group, input.join_requests);
      return {
        messaging_product: 'whatsapp',
        rejected_join_requests: rejected,
        ...(failed.length > 0 ? { failed_join_requests: failed } : {}),
      };
    },
  },
};
