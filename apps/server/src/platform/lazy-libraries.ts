/**
 * Libraries that only a few calls use (spreadsheets, images, QR codes, HTML cleaning, file
 * signatures), loaded on their first use instead of when the server starts. Loaded at start they
 * cost every server process about 12 MiB of heap and 30 MiB of RSS (sharp's libvips among it)
 * whether or not it ever writes a spreadsheet, and V8, which lets the heap grow to twice what
 * survives a collection, doubles the heap part under load (bench/README, "Where the server's
 * memory went"). Each loader starts the import once (`once`: again after a failure); every caller
 * awaits the same module.
 */
import { createRequire } from 'node:module';
import type sanitizeHtmlModule from 'sanitize-html';
import { once } from './once.js';

export const loadExcelJs = once(() => import('exceljs').then((module) => module.default));
export const loadSharp = once(() => import('sharp').then((module) => module.default));
export const loadQrCode = once(() => import('qrcode').then((module) => module.default));
export const loadXlsxReader = once(() => import('read-excel-file/node'));
export const loadXlsxWriter = once(() => import('write-excel-file/node').then((module) => module.default));
export const loadFileType = once(() => import('file-type'));

const require = createRequire(import.meta.url);
let sanitizeHtml: typeof sanitizeHtmlModule | undefined;

/** sanitize-html, for callers that stay synchronous: required (it is CommonJS) on first use. */
export function sanitizer(): typeof sanitizeHtmlModule {
  sanitizeHtml ??= require('sanitize-html') as typeof sanitizeHtmlModule;
  return sanitizeHtml;
}
