import { ClockCircleOutlined, DownOutlined } from '@ant-design/icons';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { Button, DatePicker, Dropdown, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SNOOZE_PRESETS = ['hour', 'threeHours', 'tomorrow', 'nextWeek'] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];

/** When a preset wakes the conversation, from `now`: in 1 or 3 hours, tomorrow 9:00, next Monday 9:00. */
export function snoozeTime(preset: SnoozePreset, now: Dayjs): Dayjs {
  const nine = (day: Dayjs) => day.hour(9).minute(0).second(0).millisecond(0);
  switch (preset) {
    case 'hour':
      return now.add(1, 'hour');
    case 'threeHours':
      return now.add(3, 'hour');
    case 'tomorrow':
      return nine(now.add(1, 'day'));
    case 'nextWeek':
      // Monday is day 1; from Monday itself, the Monday a week on.
      return nine(now.add((8 - now.day()) % 7 || 7, 'day'));
  }
}

/** Snoozing: a preset from the menu, or a date and time picked (in the future). */
export function SnoozeButton({ loading, onSnooze }: { loading: boolean; onSnooze(until: Dayjs): void }) {
  const { t } = useTranslation('conversation');
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const future = picked?.isAfter(dayjs()) ?? false;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...SNOOZE_PRESETS.map((preset) => ({ key: preset, label: t(`snoozeFor.${preset}`) })),
            { type: 'divider' as const },
            { key: 'pick', label: t('snoozeFor.pick') },
          ],
          onClick: ({ key }) => {
            if (key === 'pick') {
              setPicked(null);
              setPicking(true);
            } else onSnooze(snoozeTime(key as SnoozePreset, dayjs()));
          },
        }}
      >
        <Button size="small" icon={<ClockCircleOutlined />} loading={loading} data-testid="snooze">
          {t('snooze')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={picking}
        title={t('snoozeTitle')}
        okButtonProps={{ disabled: !future }}
        onCancel={() => setPicking(false)}
        onOk={() => {
          if (!picked) return;
          setPicking(false);
          onSnooze(picked);
        }}
        destroyOnHidden
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={dateTimePickerFormat()}
          value={picked}
          onChange={setPicked}
          disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
          data-testid="snooze-picker"
        />
        {picked && !future && <Typography.Text type="danger">{t('snoozeMustBeFuture')}</Typography.Text>}
      </Modal>
    </>
  );
}
