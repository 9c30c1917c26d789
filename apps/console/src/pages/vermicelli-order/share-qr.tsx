import { QrcodeOutlined } from '@ant-design/icons';
import type { IntakeShare } from '@ws/contract';
import { Button, Image, Popover, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadQrSvg, shareQrUrl } from './order-calls.js';

/** The share's QR code (from `info/getqr`), shown in a popover, with an SVG download. */
export function ShareQr({ share }: { share: IntakeShare }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const [png, setPng] = useState<string>();

  useEffect(() => {
    if (!open || !share.link) return;
    const controller = new AbortController();
    let url: string | undefined;
    shareQrUrl(share.id, 'png', controller.signal).then(
      (made) => {
        url = made;
        setPng(made);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      setPng(undefined);
    };
  }, [open, share.id, share.link]);

  if (!share.link) return null;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space orientation="vertical" align="center">
          {png ? (
            <Image src={png} width={200} preview={false} alt={t('qrCode')} data-testid="share-qr-image" />
          ) : (
            <Spin />
          )}
          <Button
            size="small"
            onClick={() => void downloadQrSvg(share.id).catch(() => undefined)}
            data-testid="share-qr-svg"
          >
            {t('downloadSvg')}
          </Button>
        </Space>
      }
    >
      <Button size="small" icon={<QrcodeOutlined />} data-testid="share-qr">
        {t('qrCode')}
      </Button>
    </Popover>
  );
}
