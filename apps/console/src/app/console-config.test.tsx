import { setLanguage } from '@ws/web-kit/i18n';
import { Calendar } from 'antd';
import dayjs from 'dayjs';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../test/test-root.js';
import { ConsoleConfig } from './console-config.js';

const weekdays = (host: HTMLElement) => [...host.querySelectorAll('thead th')].map((cell) => cell.textContent);
const monthShown = (host: HTMLElement) =>
  host.querySelector('.ant-picker-calendar-month-select .ant-select-content, .ant-picker-calendar-month-select')
    ?.textContent;

describe('the language of dates', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: vi.fn() });

  it('gives the calendar Chinese weekday and month names in Chinese, English ones after switching', async () => {
    expect(dayjs.locale()).toBe('zh-cn');
    await screen.render(
      <ConsoleConfig>
        <Calendar fullscreen={false} value={dayjs('2026-10-15')} />
      </ConsoleConfig>,
    );
    expect(weekdays(screen.host)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(monthShown(screen.host)).toContain('10月');

    act(() => setLanguage('en'));
    expect(dayjs.locale()).toBe('en');
    await settle(() => expect(weekdays(screen.host)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']));
    expect(monthShown(screen.host)).toContain('Oct');
    expect(dayjs('2026-10-15').format('MMMM')).toBe('October');
  });
});
