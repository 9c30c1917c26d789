import {
  DeleteOutlined,
  DownloadOutlined,
  ImportOutlined,
  NodeIndexOutlined,
  PaperClipOutlined,
  RedoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { AudienceList, RowOutcome } from '@ws/contract';
import { formatTime, userName } from '@ws/web-kit/list';
import { formatFileSize } from '@ws/web-kit/utils';
import { Alert, Button, Descriptions, Divider, Drawer, Dropdown, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { downloadEvidence } from './audience-calls.js';
import { AudienceCounts } from './audience-counts.js';
import { AudienceRows } from './audience-rows.js';
import { AudienceStatusCell } from './audience-status.js';
import { type AudienceActions, mayLoad, mayRerun } from './use-audience-actions.js';

/**
 * One list in detail: its consent and file, its status and progress, the counts with their charts,
 * the rows with their outcome filter, and its actions (map, load into contacts, re-run, download
 * CSV/XLSX of the rows shown, delete).
 */
export function AudienceDrawer({
  list,
  actions,
  onClose,
}: {
  list: AudienceList;
  actions: AudienceActions;
  onClose(): void;
}) {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const [outcome, setOutcome] = useState<RowOutcome>();

  const evidence = [list.evidence_text, list.evidence_url].filter(Boolean).join(' · ');
  return (
    <Drawer open size={1000} title={list.name} onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="audience-drawer">
        <Space wrap>
          {list.status === 'draft' && (
            <Button type="primary" icon={<NodeIndexOutlined />} onClick={() => actions.map(list)}>
              {t('mapColumns')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<ImportOutlined />}
            disabled={!mayLoad(list)}
            onClick={() => actions.load(list)}
            data-testid="audience-drawer-load"
          >
            {t('load')}
          </Button>
          <Button
            icon={<RedoOutlined />}
            disabled={!mayRerun(list)}
            onClick={() => actions.rerun(list)}
            data-testid="audience-drawer-rerun"
          >
            {t('rerun')}
          </Button>
          <Dropdown
            disabled={list.status === 'draft' || list.counts.rows === 0}
            menu={{
              items: [
                { key: 'csv', label: t('downloadCsv') },
                { key: 'xlsx', label: t('downloadXlsx') },
              ],
              onClick: ({ key }) => actions.download(list, key as 'csv' | 'xlsx', outcome),
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="audience-drawer-download">
              {outcome ? t('downloadOutcome', { outcome: codeName('RowOutcome', outcome) }) : t('download')}
            </Button>
          </Dropdown>
          <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove(list)}>
            {t('delete')}
          </Button>
        </Space>
        {list.error && <Alert type="error" showIcon title={list.error} data-testid="audience-error" />}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('status')}>
            <AudienceStatusCell list={list} />
          </Descriptions.Item>
          <Descriptions.Item label={t('consentSource')}>
            <span data-testid="audience-drawer-source">{codeName('ConsentSource', list.consent_source)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('evidence')}>
            {list.has_evidence ? (
              <Space orientation="vertical" size={0}>
                {evidence && (
                  <Typography.Text ellipsis={{ tooltip: evidence }} style={{ maxWidth: 260 }}>
                    {evidence}
                  </Typography.Text>
                )}
                {list.evidence_file && (
                  <Typography.Link
                    title={t('evidenceFileDownload')}
                    onClick={() => void downloadEvidence(list).catch(() => undefined)}
                    data-testid="audience-evidence-download"
                  >
                    <PaperClipOutlined /> {list.evidence_file.name}
                  </Typography.Link>
                )}
              </Space>
            ) : (
              <Typography.Text type="warning">
                <WarningOutlined /> {t('noEvidence')}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('file')}>
            {list.file_name} ({codeName('AudienceFileKind', list.file_kind)}, {formatFileSize(list.file_size)})
          </Descriptions.Item>
          <Descriptions.Item label={t('defaultCountry')}>{list.default_country ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('creator')}>{userName(list.creator)}</Descriptions.Item>
          <Descriptions.Item label={t('createdAt')}>{formatTime(list.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('checkedAt')}>{formatTime(list.checked_at)}</Descriptions.Item>
          <Descriptions.Item label={t('loadedAt')}>
            {formatTime(list.loaded_at)}
            {list.loaded_at &&
              ` · ${t('loadedSummary', { created: list.created_contacts, updated: list.updated_contacts })}`}
          </Descriptions.Item>
        </Descriptions>
        {list.status !== 'draft' && <AudienceCounts list={list} />}
        <Divider titlePlacement="start" style={{ margin: 0 }}>
          {t('rows')}
        </Divider>
        {list.status === 'draft' ? (
          <Typography.Text type="secondary">{t('draftNoRows')}</Typography.Text>
        ) : (
          <AudienceRows listId={list.id} outcome={outcome} onOutcome={setOutcome} />
        )}
      </Space>
    </Drawer>
  );
}
