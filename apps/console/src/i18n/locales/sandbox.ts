/** Texts of the sandbox helpers on the import and registration screens (namespace `sandbox`). */
const zh = {
  cardTitle: '沙箱号码',
  importIntro:
    '号码接入的是本地沙箱（模拟的 WhatsApp Cloud API）。无需文件：在此直接创建沙箱号码，系统会自动导入并接入。',
  registrationIntro: '在本地沙箱中创建一个待注册的号码（如同刚在 WhatsApp Manager 中添加的号码），然后按步骤注册。',
  count: '数量',
  throughput: '吞吐量',
  throughputStandard: '标准（80 条/秒）',
  throughputHigh: '高（1000 条/秒）',
  tier: '消息额度',
  create: '创建并导入',
  createOne: '创建沙箱号码',
  created: '已创建 {{count}} 个沙箱号码，正在导入',
  optionSandbox: '沙箱号码',
  codeTitle: '沙箱"发送"的验证码',
  codeWaiting: '请先在上一步发送验证码，沙箱收到后验证码会显示在这里',
  fillIn: '填入',
};

export type SandboxTexts = typeof zh;

const en: SandboxTexts = {
  cardTitle: 'Sandbox numbers',
  importIntro:
    'Numbers are connected to the local sandbox (the emulated WhatsApp Cloud API). No file needed: create sandbox numbers here and they are imported and connected for you.',
  registrationIntro:
    'Create a number in the local sandbox that waits for registration (like one just added in WhatsApp Manager), then register it step by step.',
  count: 'Count',
  throughput: 'Throughput',
  throughputStandard: 'Standard (80 messages/s)',
  throughputHigh: 'High (1000 messages/s)',
  tier: 'Messaging limit',
  create: 'Create and import',
  createOne: 'Create a sandbox number',
  created: '{{count}} sandbox numbers created, importing them now',
  optionSandbox: 'Sandbox number',
  codeTitle: 'The code the sandbox "texted"',
  codeWaiting: 'Send the code in the previous step first; the sandbox’s code then appears here',
  fillIn: 'Fill in',
};

export const sandboxTexts = { zh, en };
