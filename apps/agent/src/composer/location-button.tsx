import { EnvironmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LocationValues {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

// The form and its inputs load when the agent first sends a location.
const LocationDialog = lazy(() => import('./location-dialog.js'));

/** Sending a location: the button, and the form once it is pressed. */
export function LocationButton({ onSend }: { onSend: (location: LocationValues) => void }) {
  const { t } = useTranslation('composer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<EnvironmentOutlined />}
        aria-label={t('location')}
        title={t('location')}
        data-testid="location"
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <LocationDialog onSend={onSend} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
