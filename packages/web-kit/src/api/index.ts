/** The request wrapper: one contract call, its envelope read, its failure shown once; the shared query cache. */
export { ApiError, setToaster, showError, showSuccess, type Toaster } from './api-error.js';
export { type CallOptions, callApi, callFile, connectSession, type SessionHooks } from './client.js';
export { queryClient } from './query-client.js';
export { ToasterBridge } from './toaster-bridge.js';
