import type { ImportTarget } from '@ws/contract';
import type { PhoneNumberInfo } from '../cloud-api/index.js';

/**
 * Why the row's phone is not the one Meta (or the sandbox, for its target) has for the id (its
 * display number's digits differ); undefined when it is.
 */
export function phoneMismatch(
  info: PhoneNumberInfo,
  digits: string,
  target: ImportTarget = 'cloud',
): { zh: string; en: string } | undefined {
  const shown = info.display_phone_number;
  const metaDigits = shown?.replace(/\D/g, '');
  if (!metaDigits || metaDigits === digits) return undefined;
  const who = target === 'sandbox' ? { zh: '沙箱', en: 'the sandbox' } : { zh: 'Meta', en: 'Meta' };
  return {
    zh: `与 ${who.zh} 登记的号码 ${shown} 不一致`,
    en: `does not match the number ${who.en} has for this id (${shown})`,
  };
}
