import { Button, Dropdown, type DropdownProps, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';

interface MenuButtonProps {
  /** The button's name: its tooltip and its accessible label. */
  title: string;
  icon: ReactNode;
  menu: DropdownProps['menu'];
  'data-testid': string;
}

/**
 * A top-bar icon button that opens a menu. Its tooltip is hidden while the menu is open: shown
 * below the button, it lay over the menu's first item (中文 in the language menu), so a click
 * there hit the tooltip instead.
 */
export function MenuButton({ title, icon, menu, 'data-testid': testId }: MenuButtonProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [tooltipOpen, setTooltipOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      menu={menu}
      onOpenChange={(open) => {
        setMenuOpen(open);
        if (open) setTooltipOpen(false);
      }}
    >
      <Tooltip title={title} placement="bottom" open={tooltipOpen && !menuOpen} onOpenChange={setTooltipOpen}>
        <Button type="text" className="shell-header-button" aria-label={title} data-testid={testId} icon={icon} />
      </Tooltip>
    </Dropdown>
  );
}
