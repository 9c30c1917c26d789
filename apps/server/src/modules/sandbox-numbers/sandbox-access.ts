import { randomInt } from 'node:crypto';
import type { WaTarget } from '@ws/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { sandboxUrlOf } from '../../platform/config.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { sandboxControl } from '../../whatsapp/sandbox-control.js';

/** The sandbox when this product runs one (SANDBOX=on, the default), else Meta. */
export function waTarget(context: AppContext): WaTarget {
  return { target: context.config.sandboxEnabled ? 'sandbox' : 'meta' };
}

/**
 * The product's sandbox control calls, for callers that need the sandbox: a 409 when the target
 * is Meta, and a 503 naming the sandbox's address when it does not answer or refuses.
 */
export function sandboxFor(context: AppContext) {
  if (waTarget(context).target !== 'sandbox') {
    throw errors.conflict({
      zh: '号码接入的是 Meta 的 Cloud API，没有本地沙箱：请在 WhatsApp Manager 中添加号码后导入或注册',
      en: 'Numbers are connected to Meta’s Cloud API and there is no local sandbox: add numbers in WhatsApp Manager, then import or register them',
    });
  }
  const url = sandboxUrlOf(context.config);
  const control = sandboxControl(url);
  const unreachable = (error: unknown) => {
    const why = error instanceof Error ? error.message : String(error);
    context.logger.warn({ err: error, url }, 'sandbox control call failed');
    return new AppError('unavailable', {
      zh: `本地沙箱（${url}）没有响应，请确认它在运行后重试（${why.slice(0, 200)}）`,
      en: `The local sandbox at ${url} did not answer: check that it runs, then try again (${why.slice(0, 200)})`,
    });
  };
  /** Runs control calls, turning any failure into the 503 above. */
  return async <T>(work: (sandbox: typeof control) => Promise<T>): Promise<T> => {
    try {
      return await work(control);
    } catch (error) {
      throw unreachable(error);
    }
  };
}

/** Area codes of the United States for made-up numbers in the 555 exchange (valid, never dialled). */
const AREA_CODES = [201, 202, 206, 212, 213, 303, 305, 312, 404, 415, 503, 512, 602, 617, 702, 718, 801, 919];

/** A new valid US number in E.164 digits, for a sandbox number (the registration checks validity). */
export function sandboxPhone(): string {
  for (;;) {
    const digits = `1${AREA_CODES[randomInt(AREA_CODES.length)]}555${String(randomInt(10_000)).padStart(4, '0')}`;
    if (parsePhoneNumberFromString(`+${digits}`)?.isValid()) return digits;
  }
}
