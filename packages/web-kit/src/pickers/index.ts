/** Pickers shared by the screens of every front end: numbers, owners, and the searched select they are built on. */
export { NumberMultiSelect } from './number-multi-select.js';
export { NumberSelect } from './number-select.js';
export { OwnerSelect } from './owner-select.js';
export { type PickerOption, type PickerProps, SearchSelect, useTypedSearch } from './search-select.js';
