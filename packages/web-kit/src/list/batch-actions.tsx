import { App, Button, Dropdown, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowSelection } from './use-row-selection.js';

export interface BatchAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  /** Runs with the selected ids; never called with none. */
  run(ids: string[]): void;
}

/**
 * The batch actions of a list: the first `inline` actions as buttons, the rest in a "more" menu.
 * An action with nothing selected says 请选择至少一条数据 instead of running.
 */
export function BatchActions({
  selection,
  actions,
  inline = 3,
}: {
  selection: RowSelection;
  actions: BatchAction[];
  inline?: number;
}) {
  const { t } = useTranslation('list');
  const { message } = App.useApp();
  const start = (action: BatchAction) => {
    if (selection.keys.length === 0) {
      void message.warning(t('selectAtLeastOne'));
      return;
    }
    action.run(selection.keys);
  };
  const shown = actions.slice(0, inline);
  const more = actions.slice(inline);
  return (
    <Space wrap data-testid="batch-actions">
      {shown.map((action) => (
        <Button
          key={action.key}
          icon={action.icon}
          danger={action.danger}
          onClick={() => start(action)}
          data-testid={`batch-${action.key}`}
        >
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          menu={{
            items: more.map((action) => ({
              key: action.key,
              label: <span data-testid={`batch-${action.key}`}>{action.label}</span>,
              icon: action.icon,
              danger: action.danger,
            })),
            onClick: ({ key }) => {
              const action = more.find((candidate) => candidate.key === key);
              if (action) start(action);
            },
          }}
        >
          <Button data-testid="batch-more">{t('more')}</Button>
        </Dropdown>
      )}
      <Typography.Text type="secondary" data-testid="selected-count">
        {t('selected', { count: selection.keys.length })}
      </Typography.Text>
      {selection.keys.length > 0 && (
        <Button type="link" size="small" onClick={selection.clear}>
          {t('clearSelection')}
        </Button>
      )}
    </Space>
  );
}
