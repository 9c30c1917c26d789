import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { batchResult, numbersTarget } from './batch-result.js';
import { checkNumbers } from './check-numbers.js';
import { moveNumbersToOwner } from './move-owner.js';
import { listNumbers } from './number-list.js';
import { numberOwners, recycleNumbers, setStandby } from './numbers-repository.js';
import { purgeRecycledNumbers } from './purge-numbers.js';
import { listRecycledNumbers } from './recycle-list.js';
import { repairNumbers } from './repair-numbers.js';
import { restoreRecycledNumbers } from './restore-numbers.js';
import { resumeNumbers } from './resume-numbers.js';
import { setNumbersEgressIp } from './set-egress-ip.js';
import { tagNumbers } from './tag-numbers.js';

/** The numbers list and the recycle bin (issue 5): one route(...) per call of numberCalls. */
export function registerNumberRoutes(app: FastifyInstance, context: AppContext): void {
  const { pool } = context;
  route(app, context, calls.numberList, ({ user, body }) => listNumbers(context, user.tenantId, body));
  route(app, context, calls.numberOwners, ({ user }) => numberOwners(pool, user.tenantId));
  route(app, context, calls.numberTags, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids, `tags +[${body.addTagIds}] -[${body.removeTagIds}]`));
    return tagNumbers(context, user.tenantId, body);
  });
  route(app, context, calls.numberMoveOwner, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids, `to user ${body.ownerUserId}`));
    return moveNumbersToOwner(context, user.tenantId, body.ids, body.ownerUserId);
  });
  route(app, context, calls.numberSetIp, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids, `ip ${body.ipId ?? 'none'}`));
    return setNumbersEgressIp(context, user.tenantId, body.ids, body.ipId);
  });
  route(app, context, calls.numberChangeType, async ({ user, body, audit }) => {
    audit(numbersTarget(body.ids, body.standby ? 'to standby' : 'to service'));
    return batchResult(await setStandby(pool, user.tenantId, body.ids, body.standby));
  });
  route(app, context, calls.numberCheck, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids));
    return checkNumbers(context, user.tenantId, body.ids);
  });
  route(app, context, calls.numberRepair, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids));
    return repairNumbers(context, user.tenantId, body.ids);
  });
  route(app, context, calls.numberResume, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids));
    return resumeNumbers(context, user.tenantId, body.ids);
  });
  route(app, context, calls.numberRecycle, async ({ user, body, audit }) => {
    audit(numbersTarget(body.ids));
    return batchResult(await recycleNumbers(pool, user.tenantId, body.ids, user.userId));
  });
  route(app, context, calls.numberRecycleList, ({ user, body }) => listRecycledNumbers(context, user.tenantId, body));
  route(app, context, calls.numberRestore, ({ user, body, audit }) => {
    audit(numbersTarget(body.ids));
    return restoreRecycledNumbers(context, user.tenantId, body.ids);
  });
  route(app, context, calls.numberPurge, async ({ user, body, audit }) => {
    audit(numbersTarget(body.ids));
    return batchResult(await purgeRecycledNumbers(pool, user.tenantId, body.ids));
  });
}
