import { z } from 'zod';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { listRequestOf } from './paging.js';

export const ROLES = ['admin', 'operator', 'seat'] as const;
export const RoleCode = z.enum(ROLES);
export type RoleCode = z.infer<typeof RoleCode>;

/** Ids are 64-bit in the database and travel as decimal strings so no client loses precision. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;
export const Id = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, 'must be a numeric id')
  .refine((id) => !/^\d+$/.test(id) || BigInt(id) <= MAX_BIGINT, 'must be a numeric id');

/** The most rows one batch call may name; larger selections go through filters or jobs. */
export const MAX_BATCH_IDS = 10_000;
/** The selected rows of a batch action: at least one, each once. */
export const IdList = z
  .array(Id)
  .min(1)
  .max(MAX_BATCH_IDS)
  .transform((ids) => [...new Set(ids)]);

/** How many of the named rows a batch call changed (those of the caller, in a state the call applies to). */

/** A user as lists and records name them. */
export const UserRef = z.object({ id: Id, username: z.string(), nickname: z.string() });

export const Username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'may contain only letters, digits and _ . @ -');
export const Password = z.string().min(8).max(128);
export const Nickname = z.string().trim().min(1).max(32);

export const CaptchaRequest = z.object({ capType: z.literal('math') });
export const Captcha = z.object({ capId: z.string(), image: z.string() });

/** Sign-in and registration payload. Captcha fields are checked by the server unless CAPTCHA=off. */
export const Credentials = z.object({
  capId: z.string().max(64).optional(),
  capVal: z.string().max(16).optional(),
  username: Username,
  password: z.string().min(1).max(128),
});
export type Credentials = z.infer<typeof Credentials>;
export const Registration = Credentials.extend({ password: Password });
export type Registration = z.infer<typeof Registration>;

export const UserInfo = z.object({
  username: z.string(),
  user_id: Id,
  dept_id: Id,
  role_id: Id,
  role: RoleCode,
  nickname: z.string(),
  /** Whether this user may run mass sends (1) or not (0). */
  mass: z.number().int(),
  tenant_id: z.string(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires; longer than the console's 3000 s refresh age. */
  expires_in: z.number().int(),
  user_info: UserInfo,
});
export type TokenPair = z.infer<typeof TokenPair>;

export const RefreshQuery = z.object({
  tenantId: z.string().max(32).optional(),
  refresh_token: z.string().min(1).max(512),
  grant_type: z.literal('refresh_token'),
  scope: z.literal('all').default('all'),
});

export const Option = z.object({ id: Id, name: z.string() });
export const RoleOption = Option.extend({ code: RoleCode });
export const UserIdQuery = z.object({ userId: Id });

export const ChangePassword = z.object({ password: Password });
export const ChangeNickname = z.object({ nickname: Nickname });

export const MAX_SEATS_PER_BATCH = 200;
export const CreateSeats = z.object({
  count: z.number().int().min(1).max(MAX_SEATS_PER_BATCH),
  prefix: z
    .string()
    .trim()
    .min(2)
    .max(20)
    .regex(/^[A-Za-z0-9_.-]+$/, 'may contain only letters, digits and _ . -'),
  password: Password,
});
export const TaskRef = z.object({ taskId: Id });
export const TaskStatus = z.enum(['queued', 'running', 'done', 'failed']);
/** The batch a seat creation started: poll its progress with `{ taskId }`. */
export const SeatBatchStarted = z.object({ task_id: Id });
export const SeatCreationProgress = z.object({
  task_id: Id,
  status: TaskStatus,
  total: z.number().int(),
  done: z.number().int(),
  /** Seats created so far. */
  created: z.array(z.string()),
  /** Names that could not be created because they were taken. */
  skipped: z.array(z.string()),
  error: z.string().nullable(),
});

export const CustomerFilter = listRequestOf({
  username: z.string().trim().max(32).optional(),
  tenantId: z.string().trim().max(32).optional(),
});
export const Customer = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  user_id: Id,
  username: z.string(),
  nickname: z.string(),
  seat_count: z.number().int(),
  created_at: z.string(),
});

export const authCalls = {
  getCaptcha: defineCall({
    id: 'auth.getcapt',
    method: 'POST',
    path: '/api/auth/getcapt',
    tag: 'auth',
    summary: 'A single-use maths captcha, valid for 5 minutes',
    access: 'public',
    kind: 'read',
    body: CaptchaRequest,
    reply: envelopeOf(Captcha),
  }),
  login: defineCall({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in with user name, password and captcha answer',
    access: 'public',
    kind: 'action',
    body: Credentials,
    reply: envelopeOf(TokenPair),
  }),
  register: defineCall({
    id: 'auth.register',
    method: 'POST',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Register a new operator in a new tenant, signed in at once',
    access: 'public',
    kind: 'create',
    body: Registration,
    reply: envelopeOf(TokenPair),
  }),
  refreshToken: defineCall({
    id: 'auth.token',
    method: 'POST',
    path: '/api/blade-auth/oauth/token',
    tag: 'auth',
    summary:
      'A new token pair for a refresh token (rotated: reusing one revokes its family). Headers Dept-Id and Role-Id switch department and role.',
    access: 'public',
    kind: 'action',
    query: RefreshQuery,
    reply: envelopeOf(TokenPair),
  }),
  refreshTokenAlias: defineCall({
    id: 'auth.token.refresh',
    method: 'POST',
    path: '/api/blade-auth/oauth/token/refresh',
    tag: 'auth',
    summary: 'Same as /api/blade-auth/oauth/token',
    access: 'public',
    kind: 'action',
    query: RefreshQuery,
    reply: envelopeOf(TokenPair),
  }),
  logout: defineCall({
    id: 'auth.logout',
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    summary:
      "Sign out: revokes the caller's session, so every access and refresh token of that sign-in is refused; other sessions stay",
    access: 'signed-in',
    kind: 'action',
    reply: envelopeOf(z.null()),
  }),
  userInfo: defineCall({
    id: 'auth.user-info',
    method: 'GET',
    path: '/api/blade-auth/oauth/user-info',
    tag: 'auth',
    summary: 'The signed-in user',
    access: 'signed-in',
    kind: 'read',
    reply: envelopeOf(UserInfo),
  }),
  changePassword: defineCall({
    id: 'auth.password',
    method: 'POST',
    path: '/api/auth/password',
    tag: 'auth',
    summary: "Change the signed-in user's password; signs out the user's other sessions",
    access: 'signed-in',
    kind: 'update',
    body: ChangePassword,
    reply: envelopeOf(z.null()),
  }),
  changeNickname: defineCall({
    id: 'auth.nickname',
    method: 'POST',
    path: '/api/auth/nickname',
    tag: 'auth',
    summary: "Change the signed-in user's nickname",
    access: 'signed-in',
    kind: 'update',
    body: ChangeNickname,
    reply: envelopeOf(UserInfo),
  }),
  deptSelect: defineCall({
    id: 'system.dept.select',
    method: 'GET',
    path: '/api/blade-system/dept/select',
    tag: 'auth',
    summary: 'Departments a user of the caller’s tenant belongs to',
    access: 'signed-in',
    kind: 'read',
    query: UserIdQuery,
    reply: envelopeOf(z.array(Option)),
  }),
  roleSelect: defineCall({
    id: 'system.role.select',
    method: 'GET',
    path: '/api/blade-system/role/select',
    tag: 'auth',
    summary: 'Roles a user of the caller’s tenant holds',
    access: 'signed-in',
    kind: 'read',
    query: UserIdQuery,
    reply: envelopeOf(z.array(RoleOption)),
  }),
  createSeats: defineCall({
    id: 'auth.createuser',
    method: 'POST',
    path: '/api/auth/createuser',
    tag: 'auth',
    summary: 'Start a job creating customer-service seat users <prefix>1..<prefix>N in the caller’s tenant',
    access: ['admin', 'operator'],
    kind: 'create',
    body: CreateSeats,
    reply: envelopeOf(SeatBatchStarted),
  }),
  seatProgress: defineCall({
    id: 'auth.getprogress',
    method: 'POST',
    path: '/api/auth/getprogress',
    tag: 'auth',
    summary: 'Progress of a seat-creation job',
    access: ['admin', 'operator'],
    kind: 'read',
    body: TaskRef,
    reply: envelopeOf(SeatCreationProgress),
  }),
} as const;
