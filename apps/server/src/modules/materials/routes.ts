import { calls, MATERIAL_DELETES, MATERIAL_TYPES, materialDeleteCalls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { UPLOADS_URL_PREFIX } from '../uploads/store-image.js';
import { receiveReplyMedia } from '../uploads/store-reply-media.js';
import { hasThumbnail, thumbnailOf } from '../uploads/thumbnail.js';
import { bindMaterials, listBindings, removeBindings } from './material-bindings.js';
import { addMaterial, editMaterial, removeMaterials } from './material-commands.js';
import { getMaterial, listMaterials, ownMaterials } from './material-queries.js';
import { selectMaterialTags } from './material-tag-repository.js';
import { addMaterialTag, editMaterialTag, removeMaterialTags } from './material-tags.js';

const deleteCalls = Object.values(materialDeleteCalls);

export function registerMaterialRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.materialList, ({ scope, body }) => listMaterials(context, scope, body));
  route(app, context, calls.materialGet, ({ scope, body }) => getMaterial(context, scope, body.id));
  route(app, context, calls.materialOwn, ({ scope, body }) => ownMaterials(context, scope, body.tp));
  route(app, context, calls.materialAdd, async ({ scope, body, audit }) => {
    const material = await addMaterial(context, scope, body);
    audit(`${material.tp} material ${material.title} (${material.id})`);
    return material;
  });
  route(app, context, calls.materialEdit, async ({ scope, body, audit }) => {
    const material = await editMaterial(context, scope, body);
    audit(`${material.tp} material ${material.title} (${material.id})`);
    return material;
  });
  route(app, context, calls.materialUpload, async ({ scope, request, audit }) => {
    const { media, upload } = await receiveReplyMedia(context, scope, request);
    const thumbnail = hasThumbnail(media.kind) ? await thumbnailOf(context, scope, upload) : null;
    audit(media.url);
    return { ...media, thumbnail_url: thumbnail ? UPLOADS_URL_PREFIX + thumbnail : null };
  });
  for (const tp of MATERIAL_TYPES) {
    const call = deleteCalls.find((each) => each.path === `/api/mater/${MATERIAL_DELETES[tp]}`);
    if (!call) throw new Error(`no delete call for ${tp} materials`);
    route(app, context, call, async ({ scope, body, audit }) => {
      const reply = await removeMaterials(context, scope, tp, body.ids);
      audit(`${tp} materials ${body.ids.join(', ')}`);
      return reply;
    });
  }
  route(app, context, calls.materialTagList, ({ scope }) => selectMaterialTags(context.pool, scope));
  route(app, context, calls.materialTagAdd, async ({ scope, body, audit }) => {
    const tag = await addMaterialTag(context, scope, body.name);
    audit(`material tag ${tag.name} (${tag.id})`);
    return tag;
  });
  route(app, context, calls.materialTagEdit, async ({ scope, body, audit }) => {
    const tag = await editMaterialTag(context, scope, body.id, body.name);
    audit(`material tag ${tag.name} (${tag.id})`);
    return tag;
  });
  route(app, context, calls.materialTagDel, async ({ scope, body, audit }) => {
    const reply = await removeMaterialTags(context, scope, body.ids);
    audit(`material tags ${body.ids.join(', ')}`);
    return reply;
  });
  route(app, context, calls.materialBind, async ({ scope, body, audit }) => {
    const reply = await bindMaterials(context, scope, body);
    audit(`materials ${body.materialIds.join(', ')} bound to users [${body.userIds}] numbers [${body.numberIds}]`);
    return reply;
  });
  route(app, context, calls.materialUnbind, async ({ scope, body, audit }) => {
    const reply = await removeBindings(context, scope, body.ids);
    audit(`material bindings ${body.ids.join(', ')}`);
    return reply;
  });
  route(app, context, calls.materialBindList, ({ scope, body }) => listBindings(context, scope, body.id));
}
