import { CAMPAIGN_CALLS_BY_KIND, CAMPAIGN_KINDS } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { addCampaign } from './add-campaign.js';
import { campaignDetails } from './campaign-details.js';
import { listCampaigns } from './campaign-queries.js';
import { downloadRecipients } from './download-recipients.js';
import { operateCampaign } from './operate-campaign.js';

/** Mass send (`btmsg/*`) and burst send (`power/*`): the same handlers, each kind seeing only its own campaigns. */
export function registerCampaignRoutes(app: FastifyInstance, context: AppContext): void {
  for (const kind of CAMPAIGN_KINDS) {
    const calls = CAMPAIGN_CALLS_BY_KIND[kind];
    route(app, context, calls.add, async ({ scope, body, language, audit }) => {
      const added = await addCampaign(context, scope, kind, body, language);
      if (added.campaign)
        audit(`${kind} campaign ${added.campaign.id} ${added.campaign.name} (${added.campaign.status})`);
      return added;
    });
    route(app, context, calls.operation, async ({ scope, body, language, audit }) => {
      const campaign = await operateCampaign(context, scope, kind, body, language);
      audit(
        `${kind} campaign ${campaign.id} ${campaign.name}: ${body.action}${body.states ? ` (${body.states.join(', ')})` : ''}`,
      );
      return campaign;
    });
    route(app, context, calls.list, ({ scope, body, language }) => listCampaigns(context, scope, kind, body, language));
    route(app, context, calls.details, ({ scope, body, language }) =>
      campaignDetails(context, scope, kind, body, language),
    );
    fileRoute(app, context, calls.down, async ({ scope, body, language, audit }) => {
      const file = await downloadRecipients(context, scope, kind, body, language);
      audit(
        `${kind} campaign ${body.id} recipients downloaded as ${body.format}${body.state ? ` (${body.state})` : ''}`,
      );
      return file;
    });
  }
}
