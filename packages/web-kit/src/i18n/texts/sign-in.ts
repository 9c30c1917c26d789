/** Texts of the sign-in form every front end shares (namespace `credentials`). */
const zh = {
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
};

export type SignInTexts = typeof zh;

const en: SignInTexts = {
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
};

export const signInTexts = { zh, en };
