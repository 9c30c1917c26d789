import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/modal-form.js';
import { AimFields } from './aim-fields.js';

export interface AimTarget {
  orderId: string;
  /** Absent: the order's own aims. */
  shareId?: string;
  aim: number;
  dailyAim: number | null;
}

interface AimValues {
  aim: number;
  dailyAim: number | null;
}

/** Changes the aims of an order or of one of its shares (`order/setaim`); an empty daily aim removes it. */
export function AimDialog({ target, onClose }: { target: AimTarget; onClose(): void }) {
  const { t } = useTranslation('orders');
  return (
    <ModalForm<AimValues>
      title={t('setAim')}
      okTestId="aim-save"
      onClose={onClose}
      onSubmit={(values) =>
        callApi(calls.orderSetAim, {
          body: {
            orderId: target.orderId,
            ...(target.shareId ? { shareId: target.shareId } : {}),
            aim: values.aim,
            dailyAim: values.dailyAim ?? null,
          },
          notifySuccess: true,
        })
      }
    >
      <AimFields
        name="aim"
        label={target.shareId ? t('aim') : t('totalAim')}
        aim={target.aim}
        dailyAim={target.dailyAim}
        testId="aim-form"
      />
    </ModalForm>
  );
}
