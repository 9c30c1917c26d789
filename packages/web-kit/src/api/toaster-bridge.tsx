import { App } from 'antd';
import { useEffect } from 'react';
import { setToaster } from './api-error.js';

/**
 * Hands antd's context-bound message API to the request wrapper, which lives outside React. Each
 * app mounts it once inside antd's `<App>`.
 */
export function ToasterBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setToaster(message);
    return () => setToaster(undefined);
  }, [message]);
  return null;
}
