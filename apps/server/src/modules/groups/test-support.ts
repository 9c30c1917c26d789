/** Pull-group tasks' test world: a valid task request, tests change one part. */

/** A task on one host over the tag's contacts, the template's {{1}} carrying the invite link. */
export function pullTaskRequest(
  numberId: string,
  tagId: string,
  templateId: string,
  change: Record<string, unknown> = {},
) {
  return {
    name: 'Spring club',
    subjectPattern: 'Spring club {n}',
    description: 'Offers first',
    numberIds: [numberId],
    audience: { tagIds: [tagId] },
    content: { kind: 'template', templateId, variables: {}, inviteVariable: 'body.1' },
    invitesPerGroup: 20,
    ...change,
  };
}

/** A CSV download's lines, without the byte-order mark. */
export const csvLines = (body: unknown): string[] =>
  String(body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
