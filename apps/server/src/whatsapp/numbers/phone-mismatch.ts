import type { PhoneNumberInfo } from '../cloud-api/index.js';

/** Why the row's phone is not the one Meta has for the id (its display number's digits differ); undefined when it is. */
export function phoneMismatch(info: PhoneNumberInfo, digits: string): { zh: string; en: string } | undefined {
  const shown = info.display_phone_number;
  const metaDigits = shown?.replace(/\D/g, '');
  if (!metaDigits || metaDigits === digits) return undefined;
  return { zh: `与 Meta 登记的号码 ${shown} 不一致`, en: `does not match the number Meta has for this id (${shown})` };
}
