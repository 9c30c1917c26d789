import { describe, expect, it } from 'vitest';
import { contactAddress } from './contact-address.js';

describe('contactAddress', () => {
  it('shows the phone number first, then the username, then the BSUID', () => {
    expect(contactAddress({ wa_id: '8613800000001', username: 'ann.lee', user_id: 'CN.1' })).toBe('+8613800000001');
    expect(contactAddress({ wa_id: null, username: 'ann.lee', user_id: 'CN.1' })).toBe('@ann.lee');
    expect(contactAddress({ wa_id: null, username: null, user_id: 'US.13491208655302741918' })).toBe(
      'US.13491208655302741918',
    );
  });
});
