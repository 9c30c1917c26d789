/** Small helpers the kit needs and the front ends share: one date-time format, file sizes, a periodic runner. */
export {
  type DateTimeOptions,
  datePickerFormat,
  dateTimePickerFormat,
  dayInTimeZone,
  formatDate,
  formatDateTime,
  formatTimeOfDay,
  TIME_PICKER_FORMAT,
  toDateParam,
} from './date-time.js';
export { countryName, languageName } from './display-names.js';
export { formatFileSize } from './file-size.js';
export { runPeriodically } from './periodic.js';
