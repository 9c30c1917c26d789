import {
  AimOutlined,
  CaretRightOutlined,
  DownloadOutlined,
  EyeOutlined,
  PauseOutlined,
  RedoOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { Campaign, CampaignKind } from '@ws/contract';
import { type RowAction, useConfirm, useDownload } from '@ws/web-kit/list';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { callsOf, operateCampaign } from './campaign-calls.js';
import { actionsFor, type CampaignAction } from './campaign-model.js';

const ACTION_ICONS = {
  start: <CaretRightOutlined />,
  pause: <PauseOutlined />,
  resume: <CaretRightOutlined />,
  cancel: <StopOutlined />,
  resend: <RedoOutlined />,
} as const;

/** Saves a campaign's recipients with their states as CSV or XLSX, while it streams. */
export function useCampaignDownload(kind: CampaignKind) {
  const download = useDownload();
  return (campaign: Pick<Campaign, 'id' | 'name'>, format: 'csv' | 'xlsx') =>
    download(callsOf(kind).down, { body: { id: campaign.id, format } }, `campaign-${campaign.id}.${format}`);
}

/**
 * A campaign's operations as row actions, by its status: start, pause, resume, cancel (after a
 * confirmation) and resend to failed (a new run, after a confirmation); a finished one's retarget;
 * then details and downloads.
 */
export function useCampaignActions(
  kind: CampaignKind,
  handlers: { onChanged(): void; onDetails(campaign: Campaign): void; onRetarget(campaign: Campaign): void },
) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const download = useCampaignDownload(kind);
  const operate = async (campaign: Campaign, action: CampaignAction) => {
    try {
      await operateCampaign(kind, campaign.id, action);
    } finally {
      handlers.onChanged();
    }
  };
  const run = (campaign: Campaign, action: CampaignAction) => {
    if (action === 'cancel' || action === 'resend') {
      confirm(() => operate(campaign, action), {
        title: t(action === 'cancel' ? 'cancelTitle' : 'resendTitle', { name: campaign.name }),
        content: t(action === 'cancel' ? 'cancelContent' : 'resendContent'),
        danger: action === 'cancel',
      });
    } else {
      // The request wrapper has shown a failure; the list is read again either way.
      operate(campaign, action).catch(() => undefined);
    }
  };
  return (campaign: Campaign): RowAction[] => [
    ...actionsFor(campaign).map(
      (action): RowAction => ({
        label: codeName('CampaignAction', action),
        icon: ACTION_ICONS[action],
        danger: action === 'cancel',
        onClick: () => run(campaign, action),
        testId: `campaign-${action}`,
      }),
    ),
    ...(campaign.status === 'completed'
      ? [
          {
            label: t('retarget'),
            icon: <AimOutlined />,
            onClick: () => handlers.onRetarget(campaign),
            testId: 'campaign-retarget',
          },
        ]
      : []),
    {
      label: t('details'),
      icon: <EyeOutlined />,
      onClick: () => handlers.onDetails(campaign),
      testId: 'campaign-details',
    },
    {
      label: 'CSV',
      icon: <DownloadOutlined />,
      onClick: () => void download(campaign, 'csv'),
      testId: 'campaign-download-csv',
    },
    {
      label: 'XLSX',
      icon: <DownloadOutlined />,
      onClick: () => void download(campaign, 'xlsx'),
      testId: 'campaign-download-xlsx',
    },
  ];
}
