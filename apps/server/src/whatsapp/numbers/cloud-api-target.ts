import type { ImportTarget } from '@ws/contract';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { sandboxUrlOf } from '../../sandbox/index.js';

/**
 * Where new numbers are reached (an import's rows, a prepared number): the base URL and Graph
 * version they are checked and recorded with.
 */
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
