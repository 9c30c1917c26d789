import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { addCustomer } from './add-customer.js';
import { customerDetails, requireCustomer } from './customer-details.js';
import { listCustomerExports, openCustomerExportFile } from './customer-export-files.js';
import { listCustomers } from './customer-list.js';
import { changeCustomer, changeCustomerHolding, resetCustomerPassword } from './customer-settings.js';
import { selectOwnPlan, selectPlatformTotals } from './customer-settings-repository.js';
import { deleteCustomer } from './delete-customer.js';
import { clearCustomerMessages } from './message-purge-job.js';
import { restartCustomerJobs } from './restart-jobs.js';

export function registerCustomerRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.customers, ({ scope, body }) => listCustomers(context, scope, body));
  route(app, context, calls.addCustomer, async ({ scope, body, audit }) => {
    const customer = await addCustomer(context, scope, body);
    audit(`${customer.tenant_id} ${customer.username}`);
    return customer;
  });
  route(app, context, calls.deleteCustomer, ({ scope, body, audit }) => {
    audit(`${body.tenantId}: grace ${body.graceDays} days${body.exportData ? ', export' : ''}`);
    return deleteCustomer(context, scope, body);
  });
  route(app, context, calls.resetCustomerPassword, ({ scope, body, audit }) => {
    audit(body.tenantId);
    return resetCustomerPassword(context, scope, body.tenantId, body.password);
  });
  route(app, context, calls.customerContactLimit, ({ scope, body, audit }) => {
    audit(`${body.tenantId}: ${body.limit ?? 'unlimited'}`);
    return changeCustomer(context, scope, body.tenantId, { contactLimit: body.limit });
  });
  route(app, context, calls.customerMass, async ({ scope, body, audit }) => {
    const { settings, held } = await changeCustomerHolding(context, scope, body.tenantId, { mass: body.mass });
    audit(`${body.tenantId}: ${body.mass ? 'on' : `off, running campaigns held: ${held.length}`}`);
    return settings;
  });
  route(app, context, calls.customerPlan, ({ scope, body, audit }) => {
    audit(`${body.tenantId}: ${body.plan}`);
    return changeCustomer(context, scope, body.tenantId, { plan: body.plan });
  });
  route(app, context, calls.renewCustomer, ({ scope, body, audit }) => {
    audit(`${body.tenantId}: ${body.days ? `+${body.days} days` : `until ${body.until}`}`);
    return changeCustomer(context, scope, body.tenantId, {
      renewDays: body.days,
      expiresAt: body.until ? new Date(body.until) : undefined,
    });
  });
  route(app, context, calls.setForce, async ({ scope, body, audit }) => {
    audit(`${body.tenantId}: ${body.force ? 'on' : 'off'}`);
    const settings = await changeCustomer(context, scope, body.tenantId, { forceTranslate: body.force });
    return { tenant_id: settings.tenant_id, force: settings.force_translate };
  });
  route(app, context, calls.getForce, async ({ scope, query }) => {
    const settings = await requireCustomer(context.pool, scope, query.tenantId);
    return { tenant_id: settings.tenant_id, force: settings.force_translate };
  });
  route(app, context, calls.setReadReceipts, async ({ scope, body, audit }) => {
    audit(`${body.tenantId}: ${body.readReceipts ? 'on' : 'off'}`);
    const settings = await changeCustomer(context, scope, body.tenantId, { readReceipts: body.readReceipts });
    return { tenant_id: settings.tenant_id, read_receipts: settings.read_receipts };
  });
  route(app, context, calls.getReadReceipts, async ({ scope, query }) => {
    const settings = await requireCustomer(context.pool, scope, query.tenantId);
    return { tenant_id: settings.tenant_id, read_receipts: settings.read_receipts };
  });
  route(app, context, calls.clearMessages, ({ scope, body, audit }) => {
    audit(`${body.tenantId}: before ${body.before}`);
    return clearCustomerMessages(context, scope, body.tenantId, body.before);
  });
  route(app, context, calls.getCustomer, ({ scope, query }) => customerDetails(context, scope, query.tenantId));
  route(app, context, calls.customerExports, ({ scope, query }) => listCustomerExports(context, scope, query.tenantId));
  fileRoute(app, context, calls.customerExportFile, ({ scope, query, audit }) => {
    audit(`${query.tenantId}: ${query.folder}/${query.file}`);
    return openCustomerExportFile(context, scope, query);
  });
  route(app, context, calls.platformTotals, () => selectPlatformTotals(context.pool));
  route(app, context, calls.accountPlan, ({ scope }) => selectOwnPlan(context.pool, scope));
  route(app, context, calls.restartJobs, ({ scope, query, audit }) => {
    audit(query.tenantId);
    return restartCustomerJobs(context, scope, query.tenantId);
  });
}
