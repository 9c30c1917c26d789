import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, formatMicros } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { Alert, Button, Card, Col, Input, Row, Space, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usd } from './money.js';

const WALLET_KEY = [calls.vipInfo.id];

/**
 * The wallet at the top of every Billing screen: balance, available balance (balance minus holds),
 * quotas and slots, the low-balance notice (live: `wallet.low_balance`) and its threshold. Of the
 * customer the platform admin filters the screen by (`tenantId`), else of the caller's tenant.
 */
export function WalletCards({ tenantId }: { tenantId?: string | undefined }) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const whose = tenantId ? { tenantId } : {};
  const wallet = useQuery({
    queryKey: [...WALLET_KEY, tenantId ?? null],
    queryFn: ({ signal }) => callApi(calls.vipInfo, { query: whose, signal }),
  });
  useRefetchOnEvent(WALLET_KEY, (event) => event.type === 'wallet.low_balance');
  const [threshold, setThreshold] = useState<string>();
  const info = wallet.data;
  const save = async () => {
    await callApi(calls.vipSettings, { body: { ...whose, lowBalance: threshold ?? '0' }, notifySuccess: true });
    setThreshold(undefined);
    await queryClient.invalidateQueries({ queryKey: WALLET_KEY });
  };
  return (
    <Card
      style={{ marginBottom: 16 }}
      loading={wallet.isLoading}
      title={tenantId ? t('walletOf', { tenantId }) : undefined}
      data-testid="wallet-cards"
      data-tenant={info?.tenant_id}
    >
      {info?.low_balance && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('lowBalance', { threshold: usd(info.low_balance_threshold) })}
          data-testid="wallet-low-balance"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('balance')} prefix="$" value={usd(info?.balance ?? 0)} data-testid="wallet-balance" />
          <Tag>{info?.prepaid ? t('prepaid') : t('postpaid')}</Tag>
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('available')}
            prefix="$"
            value={usd(info?.available ?? 0)}
            data-testid="wallet-available"
          />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('held')} prefix="$" value={usd(info?.held ?? 0)} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('translationChars')} value={info?.translation_chars ?? 0} data-testid="wallet-chars" />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('invites')} value={info?.invites ?? 0} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('numberSlots')} value={info?.number_slots ?? 0} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('seatSlots')} value={info?.seat_slots ?? 0} />
        </Col>
        <Col xs={24} md={12}>
          <Space.Compact>
            <Input
              addonBefore={t('threshold')}
              value={threshold ?? formatMicros(info?.low_balance_threshold ?? 0, 2)}
              onChange={(event) => setThreshold(event.target.value)}
              style={{ width: 320 }}
              data-testid="wallet-threshold"
            />
            <Button onClick={() => void save()} disabled={threshold === undefined}>
              {t('save')}
            </Button>
          </Space.Compact>
        </Col>
      </Row>
    </Card>
  );
}
