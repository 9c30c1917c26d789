/** What a set asks of a profile, and where a number's current profile differs from it. */
import type { CurrentProfile, ProfileSetInput } from '@ws/contract';
import type { BusinessProfile, BusinessProfileUpdate } from '../../whatsapp/cloud-api/index.js';

/** The set's text fields as a run keeps them (the picture is a file, kept apart). */
export type SetFields = Pick<ProfileSetInput, 'about' | 'description' | 'address' | 'email' | 'websites' | 'vertical'>;

/** The update the set makes: only the fields it fills (an empty field leaves Meta's value). */
export function profileUpdateOf(fields: SetFields): BusinessProfileUpdate {
  const update: BusinessProfileUpdate = {};
  for (const key of ['about', 'description', 'address', 'email', 'vertical'] as const) {
    if (fields[key]) update[key] = fields[key];
  }
  if (fields.websites.length > 0) update.websites = fields.websites;
  return update;
}

/** A profile as Meta answered it, every field present. */
export function currentProfileOf(profile: BusinessProfile): NonNullable<CurrentProfile['profile']> {
  return {
    about: profile.about ?? '',
    description: profile.description ?? '',
    address: profile.address ?? '',
    email: profile.email ?? '',
    websites: profile.websites ?? [],
    vertical: profile.vertical ?? '',
    profile_picture_url: profile.profile_picture_url ?? '',
  };
}

const sameWebsites = (wanted: string[], current: string[]) =>
  wanted.length === current.length && wanted.every((site, index) => site === current[index]);

/**
 * The set's fields the profile does not show. Meta answers a picture only as a URL of its own, so
 * a set's picture differs only from a profile that has none.
 */
export function profileDifferences(
  fields: SetFields,
  hasPicture: boolean,
  current: NonNullable<CurrentProfile['profile']>,
): CurrentProfile['differences'] {
  const differences: CurrentProfile['differences'] = [];
  for (const key of ['about', 'description', 'address', 'email', 'vertical'] as const) {
    if (fields[key] && fields[key] !== current[key]) differences.push(key);
  }
  if (fields.websites.length > 0 && !sameWebsites(fields.websites, current.websites)) differences.push('websites');
  if (hasPicture && !current.profile_picture_url) differences.push('picture');
  return differences;
}
