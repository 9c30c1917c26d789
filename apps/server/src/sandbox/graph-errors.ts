import { randomBytes } from 'node:crypto';

/** The `error` object of a Graph API error reply, as Meta sends it. */
export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { messaging_product: 'whatsapp'; details: string };
  /** Graph's hint that the same request may work later. */
  is_transient?: boolean;
  fbtrace_id: string;
}

/** An error the sandbox answers the way the Graph API would: HTTP status plus `{error}`. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody,
    /** What the reply carries beside `error` (block_users' per-user lists with 139100). */
    readonly beside: Record<string, unknown> = {},
  ) {
    super(body.message);
  }
}

/** An asynchronous error as it appears in a failed status webhook (`statuses[].errors[]`). */
export type WebhookError = {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
};

function traceId(): string {
  return `A${randomBytes(16).toString('base64url').slice(0, 22)}`;
}

/** A WhatsApp messaging error: Meta writes these as "(#code) title" with the details beside. */
function messagingError(status: number, code: number, title: string, details: string): GraphError {
  return new GraphError(status, {
    message: `(#${code}) ${title}`,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: traceId(),
  });
}

/**
 * Meta's error codes the sandbox produces, with Meta's HTTP statuses, types and texts. One
 * function per code so every route answers a given condition identically.
 */
export const graphErrors = {
  /** 190: a missing, malformed or unknown access token. */
  invalidToken: () =>
    new GraphError(401, {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
      fbtrace_id: traceId(),
    }),
  /** 100/33: the object does not exist or the token may not see it (Meta does not say which). */
  unknownObject: (id: string, method: string) =>
    new GraphError(400, {
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
      fbtrace_id: traceId(),
    }),
  /** 2500: an edge the object does not have. */
  unknownPath: (path: string) =>
    new GraphError(400, {
      message: `Unknown path components: /${path}`,
      type: 'OAuthException',
      code: 2500,
      fbtrace_id: traceId(),
    }),
  /** 100: a field that is not on this node type. */
  unknownField: (field: string, nodeType: string) =>
    new GraphError(400, {
      message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
      type: 'OAuthException',
      code: 100,
      fbtrace_id: traceId(),
    }),
  invalidParameter: (details: string, subcode?: number) => {
    const error = messagingError(400, 100, 'Invalid parameter', details);
    if (subcode !== undefined) error.body.error_subcode = subcode;
    return error;
  },
  missingParameter: (details: string) => messagingError(400, 131008, 'Required parameter is missing', details),
  invalidParameterValue: (details: string) => messagingError(400, 131009, 'Parameter value is not valid', details),
  /** 4: the app's Graph API call rate limit (Meta: "API Too Many Calls"). */
  appRateLimit: () =>
    messagingError(400, 4, 'Application request limit reached', 'The app has reached its API call rate limit.'),
  /** 80007: the business account's rate limit (Meta: "Rate limit issues"). */
  wabaRateLimit: () =>
    messagingError(400, 80007, 'Rate limit issues', 'The WhatsApp Business Account has reached its rate limit.'),
  /** A failure after the send was taken (`behaviour.lostReply`): the caller cannot tell it went. */
  lostReply: () =>
    new GraphError(500, {
      message: 'An unknown error occurred',
      type: 'OAuthException',
      code: 1,
      is_transient: true,
      fbtrace_id: traceId(),
    }),
  throughput: () => messagingError(429, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'),
  pairRate: () =>
    messagingError(
      400,
      131056,
      '(Business Account, Consumer Account) pair rate limit hit',
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
    ),
  reengagement: () =>
    messagingError(
      400,
      131047,
      'Re-engagement message',
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    ),
  templateParamMismatch: (details: string) =>
    messagingError(400, 132000, 'Number of parameters does not match the expected number of params', details),
  /** 132015 and 132016: a template Meta paused (its quality fell) or disabled, named in the send. */
  templatePaused: (name: string) =>
    messagingError(400, 132015, 'Template is Paused', `template ${name} is paused because of low quality`),
  templateDisabled: (name: string) =>
    messagingError(400, 132016, 'Template is Disabled', `template ${name} was disabled because of low quality`),
  templateMissing: (name: string, language: string) =>
    messagingError(
      404,
      132001,
      'Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
    ),
  senderIsRecipient: () =>
    messagingError(400, 131021, 'Recipient cannot be sender', 'Sender and recipient phone number is the same.'),
  notRegistered: () =>
    messagingError(400, 133010, 'Account not registered', 'Account not registered with the WhatsApp Business API'),
  restricted: () =>
    new GraphError(400, {
      message: '(#368) Temporarily blocked for policies violations',
      type: 'OAuthException',
      code: 368,
      fbtrace_id: traceId(),
    }),
  mediaUpload: (details: string) => messagingError(400, 131053, 'Media upload error', details),
  verifyCodeMismatch: () =>
    messagingError(400, 136025, 'Verify code error', 'Code could not be verified. Check the code and try again.'),
  /** Meta allows 10 register or deregister calls per number in 72 hours. */
  registrationRateLimit: () =>
    messagingError(
      400,
      133016,
      'Account register deregister rate limit exceeded',
      'Registration or Deregistration failed because there were too many attempts for this phone number in a short period of time.',
    ),
  pinMismatch: () =>
    messagingError(400, 133005, 'Two step verification PIN mismatch', 'The PIN does not match the one on file.'),
  /**
   * A send to a user on the number's blocklist. Meta documents only that "attempts to message a
   * blocked user return an error"; the sandbox answers at once with 131026, "Message undeliverable",
   * which the connector already treats as final for that recipient.
   */
  blockedRecipient: () =>
    messagingError(
      400,
      131026,
      'Message undeliverable',
      "Message failed to send because the recipient is on this business number's blocklist.",
    ),
  /** 139100: some users of a block or unblock failed; `lists` is the reply's `block_users` part. */
  blockPartialFailure: (lists: Record<string, unknown>) => {
    const error = messagingError(
      400,
      139100,
      'Failed to block/unblock users',
      'Failed to block some users, see the block_users response list for details',
    );
    return new GraphError(error.status, error.body, { messaging_product: 'whatsapp', block_users: lists });
  },
  /** 130429 for a block request naming more users than Meta takes at once. */
  tooManyBlockUsers: (max: number) =>
    messagingError(429, 130429, 'Rate limit hit', `Too many users in the request: at most ${max} at a time.`),
  /** Groups API codes, from Meta's "Groups API error codes" page. */
  groupParticipantOverlimit: () =>
    messagingError(400, 131204, 'Participant overlimit', 'Group participant size exceeds limit.'),
  /** `details` names what was looked for (a group invite's parameter) before Meta's own sentence. */
  groupUnknown: (details?: string) =>
    messagingError(
      400,
      131041,
      'Group unknown',
      `${details ? `${details}: ` : ''}The group was not found, either because it doesn't exist or you are not a member.`,
    ),
  badGroup: () => messagingError(400, 131020, 'Bad Group', 'Cannot send messages to single member groups.'),
  /**
   * A number that is not an Official Business Account asks for a group. Meta's Groups API pages
   * name no code of their own for it; Graph answers a feature the caller may not use with its
   * permission error (#10), the reason in the details.
   */
  groupsNotEligible: () =>
    new GraphError(403, {
      message: '(#10) Application does not have permission for this action',
      type: 'OAuthException',
      code: 10,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'The Groups API is available only to Official Business Accounts on the Cloud API.',
      },
      fbtrace_id: traceId(),
    }),
  notAParticipant: () =>
    messagingError(400, 131212, 'Participant is not a part of the group.', 'Participant is not a part of the group.'),
};

/** One user's error in a block or unblock reply's `failed_users` (Meta's Block Users API error codes). */
export interface BlockUserError {
  message: string;
  code: number;
  error_data: { details: string };
}

export const blockUserErrors = {
  /** 131047: the user has not written to the number in 24 hours, or is no WhatsApp user. */
  reengagement: (): BlockUserError => ({
    message: 'Re-engagement required',
    code: 131047,
    error_data: { details: 'User has not messaged in the last 24 hours' },
  }),
  selfBlock: (): BlockUserError => ({
    message: 'Self Block',
    code: 131021,
    error_data: { details: 'Failed to block self phone number' },
  }),
  blocklistFull: (limit: number): BlockUserError => ({
    message: 'Blocklist limit reached',
    code: 139101,
    error_data: { details: `The blocklist has reached its ${limit} user limit` },
  }),
};

/** Asynchronous errors, delivered in failed status webhooks. */
export const webhookErrors = {
  marketingStopped: (): WebhookError => ({
    code: 131050,
    title:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business',
    message:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business',
    error_data: { details: 'This recipient has chosen to stop receiving marketing messages from your business.' },
  }),
  /** Meta's per-user marketing message cap (the user got enough marketing lately, from any business). */
  marketingCap: (): WebhookError => ({
    code: 131049,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    message: 'This message was not delivered to maintain healthy ecosystem engagement.',
    error_data: {
      details: 'In order to maintain healthy ecosystem engagement, the message failed to be delivered.',
    },
  }),
  /**
   * 131048: the number may send no more for now. Meta's messaging limit documentation gives this
   * same text for a message to a new user past the portfolio's limit.
   */
  spamLimit: (): WebhookError => ({
    code: 131048,
    title: 'Spam rate limit hit',
    message: 'Spam rate limit hit',
    error_data: {
      details:
        'Message failed to send because there are restrictions on how many messages can be sent from this phone number. This may be because too many previous messages were blocked or flagged as spam.',
    },
  }),
  /** A held message whose template was paused before it was released. */
  templatePaused: (name: string): WebhookError => ({
    code: 132015,
    title: 'Template is Paused',
    message: 'Template is Paused',
    error_data: { details: `template ${name} is paused because of low quality` },
  }),
  undeliverable: (): WebhookError => ({
    code: 131026,
    title: 'Message undeliverable',
    message: 'Message undeliverable',
    error_data: { details: 'Message Undeliverable.' },
  }),
};
