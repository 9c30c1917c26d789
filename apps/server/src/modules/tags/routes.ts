import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { addTag, editTag, removeTags } from './tag-commands.js';
import { listTags } from './tag-repository.js';

/** The operation-log target of a deletion: the first names, then how many more. */
const SHOWN_NAMES = 20;
const namesOf = (tags: { id: string; name: string }[]) =>
  tags
    .slice(0, SHOWN_NAMES)
    .map((tag) => `${tag.name} (${tag.id})`)
    .join(', ') + (tags.length > SHOWN_NAMES ? ` and ${tags.length - SHOWN_NAMES} more` : '');

export function registerTagRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.tagAll, ({ scope, body }) => listTags(context.pool, scope, body.kind, body.standby));
  route(app, context, calls.tagAdd, async ({ scope, body, audit }) => {
    const tag = await addTag(context, scope, body);
    audit(`${tag.kind} tag ${tag.name} (${tag.id})`);
    return tag;
  });
  route(app, context, calls.tagEdit, async ({ scope, body, audit }) => {
    const tag = await editTag(context, scope, body);
    audit(`${tag.kind} tag ${tag.name} (${tag.id})`);
    return tag;
  });
  route(app, context, calls.tagDel, async ({ scope, body, audit }) => {
    const deleted = await removeTags(context, scope, body.ids);
    audit(`tags ${namesOf(deleted)}`);
    return { count: deleted.length };
  });
}
