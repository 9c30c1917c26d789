import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { numbersBatch, numbersTarget } from './batch-result.js';
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
  route(app, context, calls.numberList, ({ scope, body }) => listNumbers(context, scope, body));
  route(app, context, calls.numberOwners, ({ scope }) => numberOwners(pool, scope));
  route(app, context, calls.numberTags, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids, `tags +[${body.addTagIds}] -[${body.removeTagIds}]`));
    return tagNumbers(context, scope, body);
  });
  route(app, context, calls.numberMoveOwner, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids, `to user ${body.ownerUserId}`));
    return moveNumbersToOwner(context, scope, body.ids, body.ownerUserId);
  });
  route(app, context, calls.numberSetIp, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids, `ip ${body.ipId ?? 'none'}`));
    return setNumbersEgressIp(context, scope, body.ids, body.ipId);
  });
  route(app, context, calls.numberChangeType, async ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids, body.standby ? 'to standby' : 'to service'));
    return numbersBatch(await setStandby(pool, scope, body.ids, body.standby));
  });
  route(app, context, calls.numberCheck, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids));
    return checkNumbers(context, scope, body.ids);
  });
  route(app, context, calls.numberRepair, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids));
    return repairNumbers(context, scope, body.ids);
  });
  route(app, context, calls.numberResume, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids));
    return resumeNumbers(context, scope, body.ids);
  });
  route(app, context, calls.numberRecycle, async ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids));
    return numbersBatch(await recycleNumbers(pool, scope, body.ids, scope.userId));
  });
  route(app, context, calls.numberRecycleList, ({ scope, body }) => listRecycledNumbers(context, scope, body));
  route(app, context, calls.numberRestore, ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids));
    return restoreRecycledNumbers(context, scope, body.ids);
  });
  route(app, context, calls.numberPurge, async ({ scope, body, audit }) => {
    audit(numbersTarget(body.ids));
    return numbersBatch(await purgeRecycledNumbers(pool, scope, body.ids));
  });
}
