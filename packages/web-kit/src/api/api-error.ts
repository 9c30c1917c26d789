import type { MessageArgsProps } from 'antd';

/** The part of antd's message API the request wrapper needs. */
export interface Toaster {
  error(args: MessageArgsProps): unknown;
  success(args: MessageArgsProps): unknown;
}

/**
 * A failed call: `status` is the HTTP status (0 when the server could not be reached), `code` the
 * body's code when the server answered with one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Set once the user has been told, so no second toast repeats it. */
  shown = false;
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

let toaster: Toaster | undefined;

/** Called by the root component with antd's context-aware message API, so toasts follow the theme. */
export function setToaster(instance: Toaster | undefined): void {
  toaster = instance;
}

/**
 * The one place errors reach the user. The request wrapper calls it for every failed call, so pages
 * only catch to react (refresh a captcha), never to show the error again.
 */
export function showError(error: unknown, options: { key?: string } = {}): void {
  if (error instanceof ApiError) {
    if (error.shown) return;
    error.shown = true;
  } else {
    console.error(error);
  }
  const text = error instanceof Error ? error.message : String(error);
  toaster?.error({ content: text, ...(options.key ? { key: options.key } : {}) });
}

export function showSuccess(text: string): void {
  toaster?.success({ content: text });
}
