/** Helpers for the front ends' tests: a signed-in operator. */
export { signInForTest, TEST_USER } from './test-session.js';
