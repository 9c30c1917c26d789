/** Texts of the translation settings screen (namespace `translationSettings`): consent, agents' language, provider. */
const zh = {
  providerTitle: '翻译服务',
  provider: '服务商',
  simulatedTag: '模拟翻译',
  simulatedHelp:
    '未配置真实翻译服务：使用内置的模拟翻译（译文带有 ⟦语言⟧ 标记），客户文本不会离开本平台。配置 TRANSLATION_PROVIDER 等环境变量后即接入真实服务。',
  offHelp: '本平台未启用翻译服务（TRANSLATION_PROVIDER=off），坐席工作台不提供自动翻译。',
  status: '状态',
  reachable: '可用，支持 {{count}} 种语言',
  unreachable: '暂时无法连接翻译服务，稍后会自动重试',
  checking: '检查中…',
  settingsTitle: '租户设置',
  allowed: '允许将客户文本发送给翻译服务',
  allowedHelpReal:
    '开启后，客户消息与坐席回复会发送给上述第三方服务商进行翻译（涉及个人信息，请确认符合你所在地区的法规与合同）。关闭时，坐席无法开启会话的自动翻译。',
  allowedHelpSimulated: '内置模拟翻译在本平台内完成，默认允许。',
  allowedDefault: '当前为默认值（尚未为此服务商做出选择）',
  agentLanguage: '坐席语言',
  agentLanguageHelp: '客户消息默认翻译成的语言；坐席工作台按各自界面语言再行翻译。',
  save: '保存',
  saved: '翻译设置已保存',
  updatedAt: '最近修改：{{time}}',
  readOnly: '只有运营与管理员可以修改翻译设置。',
};

const en: typeof zh = {
  providerTitle: 'Translation provider',
  provider: 'Provider',
  simulatedTag: 'Simulated translation',
  simulatedHelp:
    'No real provider is configured: the built-in simulated translation is used (translations are marked ⟦language⟧) and customer text never leaves this installation. Set TRANSLATION_PROVIDER and its variables to connect a real one.',
  offHelp:
    'Translation is off on this platform (TRANSLATION_PROVIDER=off): the agents’ desk offers no auto-translation.',
  status: 'Status',
  reachable: 'Available, {{count}} languages supported',
  unreachable: 'The provider cannot be reached right now; it is asked again later',
  checking: 'Checking…',
  settingsTitle: "This tenant's settings",
  allowed: 'Allow sending customer text to the translation provider',
  allowedHelpReal:
    'When on, customer messages and agents’ replies are sent to the third-party provider above to be translated (personal data: make sure your local law and contracts allow it). When off, agents cannot turn on a conversation’s auto-translation.',
  allowedHelpSimulated: 'The built-in simulated translation runs inside this installation and is allowed by default.',
  allowedDefault: 'The default applies (no choice made for this provider yet)',
  agentLanguage: 'Agents’ language',
  agentLanguageHelp:
    "The language customer messages are translated into first; the agents' desk translates again into each agent's own interface language.",
  save: 'Save',
  saved: 'Translation settings saved',
  updatedAt: 'Last changed {{time}}',
  readOnly: 'Only operators and admins change the translation settings.',
};

export const translationSettingsTexts = { zh, en };
