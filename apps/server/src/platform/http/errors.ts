import { ERROR_STATUS, type ErrorKind, type Language } from '@ws/contract';

export interface LocalizedText {
  zh: string;
  en: string;
}

/** A failure the client caused or may see: its kind picks the HTTP status, its text is shown as is. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly text: LocalizedText,
    readonly extra: { errorDescription?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(text.en);
    this.status = ERROR_STATUS[kind];
  }
  messageIn(language: Language): string {
    return this.text[language];
  }
}

const text = (zh: string, en: string): LocalizedText => ({ zh, en });

/** The error catalogue's common messages, in one place. */
export const errors = {
  invalid: (field: string, zh: string, en: string) =>
    new AppError('invalidInput', text(`${field}: ${zh}`, `${field}: ${en}`)),
  notSignedIn: () =>
    new AppError('notSignedIn', text('登录信息已失效，请重新登录', 'Your sign-in has expired, please sign in again')),
  forbidden: () => new AppError('forbidden', text('无权访问', 'You are not allowed to do this')),
  expired: () =>
    new AppError(
      'forbidden',
      text(
        '账号已到期，当前为只读：可以查看数据，但不能修改。请联系平台管理员续期',
        'This account has expired and is read-only: you can view data but not change it. Ask the platform admin to renew it',
      ),
    ),
  notFound: (what: LocalizedText) => new AppError('notFound', text(`${what.zh}不存在`, `${what.en} not found`)),
  conflict: (message: LocalizedText) => new AppError('conflict', message),
  routeNotFound: () => new AppError('notFound', text('接口不存在', 'No such API call')),
  tooLarge: () => new AppError('tooLarge', text('请求内容过大', 'The request body is too large')),
  unsupportedMedia: () =>
    new AppError('unsupportedMedia', text('不支持的请求内容类型', 'Unsupported request content type')),
  badJson: () =>
    new AppError('invalidInput', text('body: 请求体不是有效的 JSON', 'body: the request body is not valid JSON')),
};
