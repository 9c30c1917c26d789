import { CampaignsPage } from '../campaigns/campaigns-page.js';

/** /marketingTasks/explosivePowder: burst send over a pool of numbers, with its forecast first (the power calls). */
export default function BurstSendPage() {
  return <CampaignsPage kind="burst" />;
}
