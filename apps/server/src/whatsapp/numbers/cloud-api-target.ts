import type { ImportTarget } from '@ws/contract';
import { sandboxUrlOf } from '../../platform/config.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';

/**
 * Where new numbers are reached (an import's rows, a prepared number): the base URL and Graph
 * version they are checked and recorded with.
 */
export interface TargetConnection {
  /** Which Cloud API answers: errors name it (Meta or the sandbox). */
  target: ImportTarget;
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
  return { target, apiBaseUrl, apiVersion: context.whatsapp.apiVersion };
}

/**
 * The target a stored number's base URL points at: the product's own sandbox, or Meta (also when
 * the configured Cloud API is itself a sandbox, as in tests: then it stands for Meta).
 */
export function targetOfBaseUrl(context: AppContext, apiBaseUrl: string): ImportTarget {
  if (apiBaseUrl === context.whatsapp.apiBaseUrl || !context.config.sandboxEnabled) return 'cloud';
  return apiBaseUrl === sandboxUrlOf(context.config) ? 'sandbox' : 'cloud';
}
