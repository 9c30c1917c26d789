import { SearchOutlined } from '@ant-design/icons';
import { useSession } from '@ws/web-kit/session';
import { Button, Empty, Input, type InputRef, Modal, Tooltip } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuEntry, menuFor, searchMenu, targetOf } from '../../menu/menu-access.js';
import { MenuIcon } from '../../menu/menu-icons.js';

/** Menu search: prefix match on entry names, Enter or click opens, Esc closes. */
export function MenuSearch() {
  const { t } = useTranslation();
  const { t: tMenu } = useTranslation('menu');
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const input = useRef<InputRef>(null);
  const menu = useMemo(() => (session ? menuFor(session.user.role) : []), [session]);
  const results = searchMenu(menu, query, (entry) => tMenu(entry.name as 'wslist'));

  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
    setHighlighted(0);
  }, []);
  const choose = (entry: MenuEntry | undefined) => {
    if (!entry) return;
    close();
    void navigate(targetOf(entry));
  };
  // Esc closes even before focus has reached the dialog (antd's own Esc needs focus inside it).
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open, close]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setHighlighted((index) => Math.min(index + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setHighlighted((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') choose(results[highlighted]);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <Tooltip title={t('menuSearch')}>
        <Button
          type="text"
          className="shell-header-button"
          aria-label={t('menuSearch')}
          data-testid="menu-search-button"
          icon={<SearchOutlined />}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        closable={false}
        destroyOnHidden
        title={t('menuSearch')}
        afterOpenChange={(visible) => visible && input.current?.focus()}
        data-testid="menu-search"
      >
        <Input
          ref={input}
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('menuSearchPlaceholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setHighlighted(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="menu-search-input"
        />
        <ul className="menu-search-results" data-testid="menu-search-results">
          {results.map((entry, index) => (
            <li key={entry.path}>
              <button
                type="button"
                className={index === highlighted ? 'is-highlighted' : undefined}
                onMouseEnter={() => setHighlighted(index)}
                onClick={() => choose(entry)}
              >
                <MenuIcon name={entry.icon} />
                <span className="menu-search-name">{tMenu(entry.name as 'wslist')}</span>
                <span className="menu-search-path">{entry.path}</span>
              </button>
            </li>
          ))}
        </ul>
        {query.trim() && results.length === 0 && <Empty description={t('menuSearchEmpty')} />}
      </Modal>
    </>
  );
}
