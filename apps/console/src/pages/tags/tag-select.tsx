import type { TagKind } from '@ws/contract';
import { Select, Space } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from './tag-queries.js';

interface CommonProps {
  kind: TagKind;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  /** With mode multiple: how many chosen tags show before "+N" (by default as many as fit). */
  maxTagCount?: number | 'responsive';
  'data-testid'?: string;
}

/** One tag id, or with `mode="multiple"` a list of them; works as an antd Form control. */
export type TagSelectProps = CommonProps &
  (
    | { mode: 'multiple'; value?: string[]; onChange?: (ids: string[]) => void }
    | { mode?: undefined; value?: string; onChange?: (id: string | undefined) => void }
  );

/** A dot of the tag's colour before its name. */
function TagDot({ color }: { color: string }) {
  return (
    <span
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: color || 'var(--ant-color-text-quaternary, #bfbfbf)',
      }}
    />
  );
}

/** The tenant's tags of one kind, by name, for filters and batch-tag dialogs. */
export function TagSelect(props: TagSelectProps) {
  const { kind, placeholder, allowClear = true, disabled, style, mode, maxTagCount = 'responsive' } = props;
  const { t } = useTranslation('tags');
  const tags = useTags(kind);
  const options = useMemo(
    () =>
      [...(tags.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((tag) => ({
          value: tag.id,
          name: tag.name,
          label: (
            <Space size={6}>
              <TagDot color={tag.color} />
              {tag.name}
            </Space>
          ),
        })),
    [tags.data],
  );
  return (
    <Select<string | string[]>
      mode={mode}
      value={props.value}
      onChange={(value) => (props.onChange as ((value: unknown) => void) | undefined)?.(value)}
      options={options}
      loading={tags.isFetching}
      placeholder={placeholder ?? t('selectPlaceholder')}
      allowClear={allowClear}
      disabled={disabled}
      style={{ minWidth: 180, ...style }}
      showSearch={{ optionFilterProp: 'name' }}
      maxTagCount={maxTagCount}
      notFoundContent={tags.isFetching ? undefined : t('noTags')}
      data-testid={props['data-testid'] ?? `tag-select-${kind}`}
    />
  );
}
