/** Storage shared by the front ends: typed values under one prefix, stores that React reads, cookies. */
export { getCookie, removeCookie, setCookie } from './cookies.js';
export {
  createPersistedStore,
  createStore,
  loadEntry,
  loadItem,
  removeItem,
  STORAGE_PREFIX,
  type StoredType,
  type StoredValue,
  saveItem,
  useStore,
} from './storage.js';
