import { useQuery } from '@tanstack/react-query';
import { type CustomerExport, calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { formatTime, useDownload } from '@ws/web-kit/list';
import { formatFileSize } from '@ws/web-kit/utils';
import { Empty, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `auth/exports`: each export of a customer's deletion with a download link per file (`auth/exportfile`). */
export function ExportFiles({ tenantId, exports }: { tenantId: string; exports: CustomerExport[] }) {
  const { t } = useTranslation('customers');
  const download = useDownload();
  return (
    <Space orientation="vertical" data-testid="customer-exports">
      {exports.map((made) => (
        <div key={made.folder}>
          <Typography.Text type="secondary">{t('exportFiles', { time: formatTime(made.created_at) })}</Typography.Text>
          <Space wrap size={[12, 0]}>
            {made.files.map((file) => (
              <Typography.Link
                key={file.name}
                onClick={() =>
                  void download(
                    calls.customerExportFile,
                    { query: { tenantId, folder: made.folder, file: file.name } },
                    `${made.folder}-${file.name}`,
                  )
                }
                data-testid={`customer-export-${file.name}`}
              >
                {file.name} ({formatFileSize(file.bytes)})
              </Typography.Link>
            ))}
          </Space>
        </div>
      ))}
    </Space>
  );
}

const CUSTOMER_ID = /^\d{6}$/;

/**
 * The exports of any customer by its id: a deleted customer has no owner left, so the list (and
 * its details) no longer shows it, but its exports stay downloadable.
 */
export function CustomerExportsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('customers');
  const [tenantId, setTenantId] = useState<string>();
  const exports = useQuery({
    queryKey: [calls.customerExports.id, tenantId],
    queryFn: ({ signal }) => callApi(calls.customerExports, { query: { tenantId: tenantId as string }, signal }),
    enabled: tenantId !== undefined,
  });
  return (
    <Modal open title={t('exportsTitle')} footer={null} onCancel={onClose} width={640}>
      <Typography.Paragraph type="secondary">{t('exportsHelp')}</Typography.Paragraph>
      <Input.Search
        placeholder={t('tenantId')}
        enterButton={t('search')}
        style={{ width: 280, marginBottom: 16 }}
        onSearch={(text) => setTenantId(CUSTOMER_ID.test(text.trim()) ? text.trim() : undefined)}
        data-testid="customer-exports-tenant"
      />
      {tenantId &&
        exports.data &&
        (exports.data.length > 0 ? (
          <ExportFiles tenantId={tenantId} exports={exports.data} />
        ) : (
          <Empty description={t('noExports')} />
        ))}
    </Modal>
  );
}
