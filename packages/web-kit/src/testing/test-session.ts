import type { UserInfo } from '@ws/contract';
import { saveTokens } from '../session/session-store.js';

/** The operator the front ends' tests sign in as. */
export const TEST_USER: UserInfo = {
  username: 'op',
  user_id: '2',
  dept_id: '1',
  role_id: '2',
  role: 'operator',
  nickname: 'op',
  mass: 0,
  tenant_id: '100001',
};

/** Signs in as TEST_USER with the access token `tok`. */
export function signInForTest(): void {
  saveTokens({
    access_token: 'tok',
    refresh_token: 'ref',
    token_type: 'bearer',
    expires_in: 7200,
    user_info: TEST_USER,
  });
}
