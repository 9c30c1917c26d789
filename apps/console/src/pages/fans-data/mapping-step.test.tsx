import type { AudienceList } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot, until } from '../../test/test-root.js';
import { mappingOf, shapeOf } from './mapping-shape.js';
import { MappingStep } from './mapping-step.js';

const draft = (changes: Partial<AudienceList> = {}): AudienceList => ({
  id: '42',
  name: 'Spring fair',
  consent_source: 'in_store',
  evidence_text: 'Signed sheet',
  evidence_url: null,
  evidence_file: null,
  has_evidence: true,
  default_country: 'CN',
  file_name: 'fair.csv',
  file_kind: 'csv',
  file_size: 120,
  has_header: true,
  columns: ['mobile', 'full name', 'city'],
  preview: [
    ['13800138000', 'Li Lei', 'Shanghai'],
    ['+8613900139000', 'Han Meimei', 'Beijing'],
  ],
  mapping: { phone: 'mobile', name: 'full name', fields: {} },
  status: 'draft',
  error: null,
  read_bytes: 0,
  counts: {
    rows: 0,
    valid: 0,
    invalid: 0,
    duplicate: 0,
    new: 0,
    contact: 0,
    opted_out: 0,
    types: {},
    reasons: {},
    countries: {},
  },
  loaded_rows: 0,
  created_contacts: 0,
  updated_contacts: 0,
  creator: null,
  created_at: '2026-01-01T00:00:00.000000Z',
  checked_at: null,
  loaded_at: null,
  ...changes,
});

const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
  Response.json({ code: 0, message: 'ok', data: { ...draft(), status: 'queued', ...JSON.parse(String(init.body)) } }),
);

const sentBodies = () =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/data/run').map(([, init]) => JSON.parse(String(init.body)));

describe('the mapping step', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });
  const click = (testId: string) =>
    act(async () => {
      (screen.host.querySelector(`[data-testid=${testId}]`) as HTMLElement).click();
    });
  const headers = () =>
    [...screen.host.querySelectorAll('[data-testid=audience-preview] thead th')].map((cell) => cell.textContent);
  const firstRow = () =>
    [...(screen.host.querySelector('[data-testid=audience-preview] tbody tr.ant-table-row')?.children ?? [])].map(
      (cell) => cell.textContent,
    );

  it('shows the guessed mapping over the preview and starts the check with it', async () => {
    const started = vi.fn();
    await screen.render(<MappingStep list={draft()} onStarted={started} />);
    expect(headers()).toEqual(['mobile号码', 'full name姓名', 'city']);
    expect(firstRow()).toEqual(['13800138000', 'Li Lei', 'Shanghai']);
    expect(screen.host.querySelector('[data-testid=audience-map-phone]')?.textContent).toContain('mobile');

    await click('audience-run');
    await settle(() => expect(started).toHaveBeenCalledOnce());
    expect(sentBodies()).toEqual([
      { id: '42', mapping: { phone: 'mobile', name: 'full name', fields: {} }, hasHeader: true },
    ]);
  });

  it('without a header row, names the columns by position, shows the header as data and moves the mapping', async () => {
    const started = vi.fn();
    await screen.render(<MappingStep list={draft()} onStarted={started} />);
    await click('audience-has-header');
    await settle(() => expect(headers()).toEqual(['1号码', '2姓名', '3']));
    expect(firstRow()).toEqual(['mobile', 'full name', 'city']);

    await click('audience-run');
    await settle(() => expect(started).toHaveBeenCalledOnce());
    expect(sentBodies()).toEqual([{ id: '42', mapping: { phone: '1', name: '2', fields: {} }, hasHeader: false }]);
  });

  it('requires the phone column and sends nothing without it', async () => {
    await screen.render(<MappingStep list={draft({ mapping: null })} onStarted={vi.fn()} />);
    await click('audience-run');
    await until(() => expect(screen.host.textContent).toContain('请选择号码所在的列'));
    expect(sentBodies()).toEqual([]);
  });

  it('keeps pasted numbers without a header', async () => {
    await screen.render(
      <MappingStep
        list={draft({
          file_kind: 'lines',
          has_header: false,
          columns: ['1'],
          preview: [['13800138000']],
          mapping: null,
        })}
        onStarted={vi.fn()}
      />,
    );
    expect(screen.host.querySelector('[data-testid=audience-has-header]')?.hasAttribute('disabled')).toBe(true);
  });
});

describe('the mapping of the form', () => {
  it('keeps custom fields with both a key and a column, and leaves out empty fields', () => {
    expect(
      mappingOf({
        phone: 'mobile',
        name: undefined,
        tags: 'labels',
        fields: [{ key: ' city ', column: 'city' }, { key: 'half' }, { column: 'alone' }],
      }),
    ).toEqual({ phone: 'mobile', tags: 'labels', fields: { city: 'city' } });
  });

  it('reads a header out of the first row of a list read without one', () => {
    const list = {
      has_header: false,
      columns: ['1', '2'],
      preview: [
        ['phone', ''],
        ['1380', 'x'],
      ],
    };
    expect(shapeOf(list, true)).toEqual({ columns: ['phone', '2'], preview: [['1380', 'x']] });
    expect(shapeOf(list, false)).toEqual({ columns: ['1', '2'], preview: list.preview });
  });
});
