/** Texts of the request wrapper and the session (namespace `api`): the failures every call may meet. */
const zh = {
  sessionExpired: '登录信息已失效，请重新登录',
  unknownError: '未知错误',
  networkError: '网络连接失败，请稍后重试',
};

export const apiTexts = {
  zh,
  en: {
    sessionExpired: 'Your sign-in has expired, please sign in again',
    unknownError: 'Unknown error',
    networkError: 'Network error, please try again later',
  } satisfies typeof zh,
};
