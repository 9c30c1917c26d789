import { calls, type RegistrationNumber } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { countryList, simCountryList } from './countries.js';
import { prepareNumber } from './prepare-number.js';
import { listRegistrationNumbers } from './registration-repository.js';
import { deregisterNumber, registerNumber, requestCode, verifyCode } from './registration-steps.js';

/** How the operation log names a number. */
const numberTarget = (number: RegistrationNumber) => `number ${number.phone} (${number.phone_number_id})`;

/** Number registration (issue 5): the country references and the Cloud API registration flow. */
export function registerRegistrationRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.simCountries, async ({ language }) => simCountryList(language));
  route(app, context, calls.countries, async () => countryList());
  route(app, context, calls.registrationNumbers, ({ scope, body }) =>
    listRegistrationNumbers(context.pool, scope, body),
  );
  route(app, context, calls.prepareNumber, async ({ scope, body, audit }) => {
    const number = await prepareNumber(context, scope, body);
    audit(numberTarget(number));
    return number;
  });
  route(app, context, calls.requestCode, async ({ scope, body, audit }) => {
    const number = await requestCode(context, scope, body);
    audit(`${numberTarget(number)} by ${body.codeMethod}`);
    return number;
  });
  route(app, context, calls.verifyCode, async ({ scope, body, audit }) => {
    const number = await verifyCode(context, scope, body);
    audit(numberTarget(number));
    return number;
  });
  route(app, context, calls.registerNumber, async ({ scope, body, audit }) => {
    const number = await registerNumber(context, scope, body);
    audit(numberTarget(number));
    return number;
  });
  route(app, context, calls.deregisterNumber, async ({ scope, body, audit }) => {
    const number = await deregisterNumber(context, scope, body);
    audit(numberTarget(number));
    return number;
  });
}
