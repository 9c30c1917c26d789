import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { addEgressIps } from './ip-add.js';
import { checkEgressIps } from './ip-check.js';
import { deleteEgressIps, editEgressIp, listEgressIps, manageEgressIps } from './ip-commands.js';
import { addIpGroup, deleteIpGroups, editIpGroup, listIpGroups } from './ip-groups.js';

const ids = (list: readonly string[]) =>
  `${list.length > 20 ? `${list.length} ids from ` : ''}${list.slice(0, 20).join(',')}`;

/** Egress IPs and their groups (issue 5). */
export function registerIpRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.ipGroupList, ({ scope, body }) => listIpGroups(context, scope, body));
  route(app, context, calls.ipGroupAdd, async ({ scope, body, audit }) => {
    const group = await addIpGroup(context, scope, body);
    audit(`${body.scope} ip group ${group.id} ${group.name}`);
    return group;
  });
  route(app, context, calls.ipGroupEdit, async ({ scope, body, audit }) => {
    audit(`${body.scope} ip group ${body.id}`);
    return editIpGroup(context, scope, body);
  });
  route(app, context, calls.ipGroupDel, async ({ scope, body, audit }) => {
    audit(`${body.scope} ip groups ${ids(body.ids)}`);
    return deleteIpGroups(context, scope, body);
  });
  route(app, context, calls.ipList, ({ scope, body, language }) => listEgressIps(context, scope, body, language));
  route(app, context, calls.ipAdd, async ({ scope, body, audit, language }) => {
    const added = await addEgressIps(context, scope, body, language);
    audit(`${body.scope} ips ${ids(added.ids)}`);
    return added;
  });
  route(app, context, calls.ipEdit, async ({ scope, body, audit, language }) => {
    audit(`${body.scope} ip ${body.id}`);
    return editEgressIp(context, scope, body, language);
  });
  route(app, context, calls.ipDel, async ({ scope, body, audit }) => {
    audit(`${body.scope} ips ${ids(body.ids)}`);
    return deleteEgressIps(context, scope, body);
  });
  route(app, context, calls.ipManage, async ({ scope, body, audit }) => {
    audit(`${body.scope} ips ${ids(body.ids)}`);
    return manageEgressIps(context, scope, body);
  });
  route(app, context, calls.ipCheck, async ({ scope, body, audit, language }) => {
    audit(`${body.scope} ips ${ids(body.ids)}`);
    return checkEgressIps(context, scope, body, language);
  });
}
