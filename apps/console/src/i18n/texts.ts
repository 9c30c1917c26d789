import type { Language } from '@ws/contract';
import { currentLanguage, useLanguage } from './language.js';

const zh = {
  title: 'WS Console',
  signInTab: '登录',
  registerTab: '注册',
  username: '用户名',
  password: '密码',
  captcha: '验证码',
  captchaHint: '看不清？点击图片换一张',
  signIn: '登录',
  register: '注册并登录',
  usernameRequired: '请输入用户名',
  usernameFormat: '3–32 位字母、数字或 _ . @ -',
  passwordRequired: '请输入密码',
  passwordLength: '密码至少 8 位',
  captchaRequired: '请输入验证码',
  switchLanguage: 'English',
  signedInAs: '已登录',
  role: '角色',
  tenant: '租户',
  signOut: '退出登录',
  shellComing: '完整的控制台（菜单、标签页、主题）将随控制台外壳一起提供。',
  sessionExpired: '登录信息已失效，请重新登录',
  unknownError: '未知错误',
  networkError: '网络连接失败，请稍后重试',
};

export type Texts = typeof zh;

const en: Texts = {
  title: 'WS Console',
  signInTab: 'Sign in',
  registerTab: 'Register',
  username: 'User name',
  password: 'Password',
  captcha: 'Captcha',
  captchaHint: 'Hard to read? Click the picture for a new one',
  signIn: 'Sign in',
  register: 'Register and sign in',
  usernameRequired: 'Enter your user name',
  usernameFormat: '3–32 letters, digits or _ . @ -',
  passwordRequired: 'Enter your password',
  passwordLength: 'At least 8 characters',
  captchaRequired: 'Enter the captcha answer',
  switchLanguage: '中文',
  signedInAs: 'Signed in as',
  role: 'role',
  tenant: 'tenant',
  signOut: 'Sign out',
  shellComing: 'The full console (menu, tabs, themes) arrives with the console shell.',
  sessionExpired: 'Your sign-in has expired, please sign in again',
  unknownError: 'Unknown error',
  networkError: 'Network error, please try again later',
};

const dictionaries: Record<Language, Texts> = { zh, en };

/** The texts in the current language, for code outside React (the API client). */
export function texts(): Texts {
  return dictionaries[currentLanguage()];
}

/** The texts in the current language; re-renders when the language changes. */
export function useTexts(): Texts {
  return dictionaries[useLanguage()];
}
