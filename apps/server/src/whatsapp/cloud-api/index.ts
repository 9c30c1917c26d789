/** The Cloud API connector's public surface: the client, its typed errors and the retry policy. */
export {
  BLOCK_PARTIAL_FAILURE,
  BLOCK_USERS_MAX,
  type BlockedUser,
  type BlockUsersResult,
  type FailedBlockUser,
} from './block-users.js';
export type { BusinessProfileUpdate } from './business-profile.js';
export { BUSINESS_PROFILE_FIELDS } from './business-profile.js';
export { type CloudApiClient, createCloudApiClient } from './client.js';
export {
  CloudApiError,
  MetaApiError,
  type MetaErrorFields,
  MetaReplyError,
  MetaTransportError,
  type TransportFailure,
} from './errors.js';
export { GROUP_FIELDS, type NewGroup } from './groups.js';
export type { MediaFile } from './media.js';
export type { SentMessage } from './messages.js';
export { PHONE_NUMBER_FIELDS } from './phone-numbers.js';
export type {
  ApprovedJoinRequests,
  BusinessProfile,
  CreatedGroup,
  CreatedTemplate,
  GroupInfo,
  GroupSummary,
  GroupUpdate,
  JoinRequest,
  MediaInfo,
  MessageTemplate,
  Page,
  PhoneNumberInfo,
  RejectedJoinRequests,
} from './replies.js';
export {
  classifyError,
  type ErrorClass,
  type MetaErrorKind,
  RETRY_LIMITS,
  type RetryDecision,
  type RetryOptions,
  retryDecision,
} from './retry-policy.js';
export { type NewTemplate, TEMPLATE_FIELDS, type TemplateListOptions } from './templates.js';
export {
  CloudApiConfigError,
  closeCloudApiAgents,
  type Downloaded,
  dispatcherFor,
  type GraphConnection,
  TIMEOUTS,
} from './transport.js';
