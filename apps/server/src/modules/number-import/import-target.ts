import type { ImportTarget } from '@ws/contract';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { sandboxUrlOf } from '../../sandbox/index.js';

/** Where an import's numbers are reached: the base URL and Graph version their rows are checked with. */
export interface TargetConnection {
  apiBaseUrl: string;
  apiVersion: string;
}

/** Refuses the sandbox target when this product runs no sandbox. */
export function checkTarget(context: AppContext, target: ImportTarget): void {
  if (target === 'sandbox' && !context.config.sandboxEnabled) {
    throw errors.invalid('target', '本系统未运行沙箱', 'this product runs no sandbox');
  }
}

/** Meta's Cloud API at the configured base URL, or the product's sandbox. */
export function targetConnection(context: AppContext, target: ImportTarget): TargetConnection {
  const apiBaseUrl = target === 'sandbox' ? sandboxUrlOf(context.config) : context.whatsapp.apiBaseUrl;
  return { apiBaseUrl, apiVersion: context.whatsapp.apiVersion };
}
