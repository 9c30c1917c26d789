import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { calls, type ImportStarted, type ImportTarget } from '@ws/contract';
import { usePagedList } from '@ws/web-kit/list';
import { Button, Card, Radio, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SandboxNumbersCard } from '../sandbox/sandbox-numbers-card.js';
import { targetChoices, useSandboxTarget } from '../sandbox/sandbox-queries.js';
import { downloadTemplate, isFinished, uploadImport, useImportProgress } from './import-calls.js';
import { useImportEndNotice } from './import-outcome.js';
import { CheckedFile, ImportProgressPanel } from './import-tables.js';
import { RecentImports } from './recent-imports.js';

/**
 * /accountmanage/warehousing: bulk import of the business's own numbers from CSV or XLSX. The
 * upload checks every row at once and shows the refused rows; the valid ones are imported by a
 * job whose progress is read every second until it ends, with what was imported, skipped and
 * failed, and why. Recent imports are listed below and can be opened again.
 */
export default function WarehousingPage() {
  const { t } = useTranslation('numberImport');
  const sandbox = useSandboxTarget();
  const choices = targetChoices(sandbox, { cloud: t('targetCloud'), sandbox: t('targetSandbox') });
  const [chosenTarget, setTarget] = useState<ImportTarget>();
  const target = chosenTarget ?? choices.initial;
  const [uploading, setUploading] = useState(false);
  const [started, setStarted] = useState<ImportStarted>();
  const [importId, setImportId] = useState<string>();
  const recent = usePagedList(calls.numberImportList, {});
  const progress = useImportProgress(importId);
  const status = progress.data?.status;
  const { refresh: refreshRecent } = recent;
  useImportEndNotice(progress.data, started?.import_id ?? undefined);

  // The list shows each import's state: read it again when the shown import ends.
  useEffect(() => {
    if (isFinished(status)) void refreshRecent();
  }, [status, refreshRecent]);

  const show = async (reply: ImportStarted) => {
    setStarted(reply);
    setImportId(reply.import_id ?? undefined);
    await refreshRecent();
  };
  const upload = async (file: File) => {
    setUploading(true);
    try {
      await show(await uploadImport(file, target));
    } catch {
      // The request wrapper showed why (the file's type, size or header).
    } finally {
      setUploading(false);
    }
  };
  const view = (id: string) => {
    setStarted(undefined);
    setImportId(id);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="warehousing-page">
      {sandbox && <SandboxNumbersCard onStarted={(reply) => void show(reply)} />}
      <Card title={t('title')}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('intro')}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('limits')}</Typography.Text>
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadTemplate('csv').catch(() => undefined)}
              data-testid="import-template-csv"
            >
              {t('templateCsv')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadTemplate('xlsx').catch(() => undefined)}
              data-testid="import-template-xlsx"
            >
              {t('templateXlsx')}
            </Button>
            <Typography.Text>{t('target')}</Typography.Text>
            <Radio.Group
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              optionType="button"
              options={choices.options}
              data-testid="import-target"
            />
          </Space>
          <Spin spinning={uploading} tip={t('uploading')}>
            {/* The test id sits on a wrapper: Dragger does not pass it to its element. */}
            <div data-testid="import-upload">
              <Upload.Dragger
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                multiple={false}
                showUploadList={false}
                disabled={uploading}
                beforeUpload={(file) => {
                  void upload(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('drop')}</p>
                <p className="ant-upload-hint">{t('dropHint')}</p>
              </Upload.Dragger>
            </div>
          </Spin>
          {started && <CheckedFile started={started} />}
          {progress.data && <ImportProgressPanel progress={progress.data} />}
        </Space>
      </Card>
      <RecentImports list={recent} onView={view} />
    </Space>
  );
}
