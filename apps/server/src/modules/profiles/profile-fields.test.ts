import { describe, expect, it } from 'vitest';
import { profileDifferences, profileUpdateOf, type SetFields } from './profile-fields.js';

const set: SetFields = {
  about: 'Open every day',
  description: '',
  address: '1 Main St',
  email: '',
  websites: ['https://a.example', 'https://b.example'],
  vertical: 'RETAIL',
};
const current = {
  about: 'Open every day',
  description: 'Something Meta has',
  address: '2 Other St',
  email: 'old@example.com',
  websites: ['https://b.example', 'https://a.example'],
  vertical: 'RETAIL',
  profile_picture_url: '',
};

describe('a set against a profile', () => {
  it('updates only the fields the set fills', () => {
    expect(profileUpdateOf(set)).toEqual({
      about: 'Open every day',
      address: '1 Main St',
      websites: ['https://a.example', 'https://b.example'],
      vertical: 'RETAIL',
    });
    expect(profileUpdateOf({ ...set, websites: [], about: '', address: '', vertical: '' })).toEqual({});
  });

  it('differs where a filled field differs (websites in order), never where the set is empty', () => {
    expect(profileDifferences(set, false, current)).toEqual(['address', 'websites']);
    expect(profileDifferences(set, true, current)).toEqual(['address', 'websites', 'picture']);
    const same = {
      ...current,
      address: '1 Main St',
      websites: set.websites,
      profile_picture_url: 'https://pps.example/1',
    };
    expect(profileDifferences(set, true, same)).toEqual([]);
  });
});
