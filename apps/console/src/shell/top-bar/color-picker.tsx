import { ColorPicker as AntColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { settings } from '../../settings/settings.js';
import { setColor, useColor } from '../theme/theme-store.js';

const PRESETS = [
  settings.defaultColor,
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#FAAD14',
  '#F5222D',
  '#EB2F96',
  '#722ED1',
  '#2F4056',
];

/** The primary colour: applied through the Ant Design theme token everywhere, sign-in page included. */
export function ColorPicker() {
  const { t } = useTranslation();
  const color = useColor();
  return (
    <Tooltip title={t('color')} placement="bottom">
      <span className="shell-header-item" data-testid="color-picker">
        <AntColorPicker
          size="small"
          value={color}
          disabledAlpha
          presets={[{ label: t('color'), colors: PRESETS }]}
          onChangeComplete={(value) => setColor(value.toHexString())}
        />
      </span>
    </Tooltip>
  );
}
