/** Helpers for the front ends' tests: a signed-in operator, a chat history record. */

export { message } from './test-messages.js';
export { signInForTest, TEST_USER } from './test-session.js';
