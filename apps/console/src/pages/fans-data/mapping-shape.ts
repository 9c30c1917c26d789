import { type AudienceList, type ColumnMapping, PREVIEW_ROWS } from '@ws/contract';

/** The columns of a file and its first data rows, as the mapping step shows them. */
export interface FileShape {
  columns: string[];
  preview: string[][];
}

/**
 * The file's columns and first rows with or without a header row. The server read them one way
 * (the list's `has_header`); the other way is worked out here the way the server does it: with a
 * header, the first row names the columns (a blank name is the column's position); without, the
 * columns are their positions `1`, `2`… and the first row is data.
 */
export function shapeOf(list: Pick<AudienceList, 'columns' | 'preview' | 'has_header'>, hasHeader: boolean): FileShape {
  if (hasHeader === list.has_header) return { columns: list.columns, preview: list.preview };
  const positions = list.columns.map((_, index) => String(index + 1));
  if (hasHeader) {
    const [header = [], ...rows] = list.preview;
    return { columns: positions.map((position, index) => header[index]?.trim() || position), preview: rows };
  }
  return { columns: positions, preview: [list.columns, ...list.preview].slice(0, PREVIEW_ROWS) };
}

/** What the mapping step's form holds: a column (by name) per field, custom fields as key → column rows. */
export interface MappingFields {
  phone?: string | undefined;
  name?: string | undefined;
  optedInAt?: string | undefined;
  language?: string | undefined;
  tags?: string | undefined;
  fields: { key?: string; column?: string }[];
}

/** The single-column fields of a mapping besides the phone, in the order the form shows them. */
export const OPTIONAL_FIELDS = ['name', 'optedInAt', 'language', 'tags'] as const;

/** The form's values for a mapping (the server's guess, or the list's own). */
export function fieldsOf(mapping: ColumnMapping | null): MappingFields {
  return {
    phone: mapping?.phone || undefined,
    name: mapping?.name ?? undefined,
    optedInAt: mapping?.optedInAt ?? undefined,
    language: mapping?.language ?? undefined,
    tags: mapping?.tags ?? undefined,
    fields: Object.entries(mapping?.fields ?? {}).map(([key, column]) => ({ key, column })),
  };
}

/** The mapping the form's values say; a custom field needs both its key and its column. */
export function mappingOf(values: MappingFields): ColumnMapping {
  const mapping: ColumnMapping = { phone: values.phone ?? '', fields: {} };
  for (const field of OPTIONAL_FIELDS) {
    if (values[field]) mapping[field] = values[field];
  }
  for (const { key, column } of values.fields) {
    if (key?.trim() && column) mapping.fields[key.trim()] = column;
  }
  return mapping;
}

/**
 * The form's values moved to the columns of another shape of the same file (the header switch
 * changed): each chosen column becomes the column at the same position.
 */
export function moveColumns(values: MappingFields, from: string[], to: string[]): MappingFields {
  const move = (column: string | undefined) => {
    const index = column === undefined ? -1 : from.indexOf(column);
    return index === -1 ? undefined : to[index];
  };
  return {
    phone: move(values.phone),
    name: move(values.name),
    optedInAt: move(values.optedInAt),
    language: move(values.language),
    tags: move(values.tags),
    fields: values.fields.map((field) => ({ ...field, column: move(field.column) })),
  };
}
