import { Card, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RegistrationTable } from './registration-table.js';
import { RegistrationWizard, useRegistrationFlow } from './registration-wizard.js';

/**
 * /accountmanage/registration (admins): the Cloud API registration flow of a number the business
 * owns, and the registration state of the tenant's numbers.
 */
export default function RegistrationPage() {
  const { t } = useTranslation('registration');
  const flow = useRegistrationFlow();
  const top = useRef<HTMLDivElement>(null);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="registration-page">
      <div ref={top}>
        <Card title={t('title')}>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          <RegistrationWizard flow={flow} />
        </Card>
      </div>
      <Card title={t('listTitle')}>
        <RegistrationTable
          onResume={(number) => {
            flow.start(number);
            top.current?.scrollIntoView({ behavior: 'smooth' });
          }}
        />
      </Card>
    </Space>
  );
}
