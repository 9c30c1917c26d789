/** Pickers shared by several screens: numbers, owners, and the searched select they are built on. */
export { NumberSelect } from './number-select.js';
export { OwnerSelect } from './owner-select.js';
export { type PickerOption, type PickerProps, SearchSelect } from './search-select.js';
