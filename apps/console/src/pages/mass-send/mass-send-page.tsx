import { CampaignsPage } from '../campaigns/campaigns-page.js';

/** /marketingTasks/massHair: mass send from chosen numbers (the btmsg calls). */
export default function MassSendPage() {
  return <CampaignsPage kind="mass" />;
}
