/** What the demo tenant is made of: three sandbox numbers, approved templates, people and chats. */

export const DEMO_USERNAME = 'demo';
export const DEMO_CONTACT_COUNT = 300;

export const DEMO_NUMBERS = [
  { display: '15550101001', name: 'Verdant Home Sales' },
  { display: '15550101002', name: 'Verdant Home Support' },
  // An Official Business Account: the one demo number that may host groups (group invites).
  { display: '15550101003', name: 'Verdant Home Offers', official: true },
] as const;

/** TIER_2K: the portfolio may reach 2 000 unique people a day outside their window. */
export const DEMO_MESSAGING_LIMIT = 2000;
/** The sandbox numbers' tier: Meta's name of DEMO_MESSAGING_LIMIT. */
export const DEMO_MESSAGING_TIER = 'TIER_2K';

export const DEMO_TEMPLATES = [
  {
    name: 'spring_collection',
    category: 'MARKETING',
    language: 'en_US',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, our spring collection is here. Reply to see the catalogue.',
        example: { body_text: [['Ana']] },
      },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Show me' },
          { type: 'QUICK_REPLY', text: 'Stop promotions' },
        ],
      },
    ],
  },
  {
    name: 'order_update',
    category: 'UTILITY',
    language: 'en_US',
    components: [
      {
        type: 'BODY',
        text: 'Your order {{1}} has shipped and arrives {{2}}.',
        example: { body_text: [['#1024', 'Friday']] },
      },
    ],
  },
  {
    // A group invite (pull-group tasks): {{1}} carries the group, Meta's group_id parameter, read as its invite link.
    name: 'club_invite',
    category: 'MARKETING',
    language: 'en_US',
    components: [
      {
        type: 'BODY',
        text: 'Join the Verdant Home members club on WhatsApp: {{1}}',
        example: { body_text: [['https://chat.whatsapp.com/AbCdEfGhIjKlMn']] },
      },
    ],
  },
  {
    name: 'appointment_reminder',
    category: 'UTILITY',
    language: 'zh_CN',
    components: [
      { type: 'BODY', text: '{{1}}，提醒您明天 {{2}} 的预约。', example: { body_text: [['王先生', '10:00']] } },
    ],
  },
] as const;

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Chen Jie',
  'Daniela',
  'Emeka',
  'Fatima',
  'Gustavo',
  'Hana',
  'Ivan',
  'Julia',
  'Kwame',
  'Li Na',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sofia',
  'Tomás',
  'Umar',
  'Valentina',
  'Wang Fang',
  'Ximena',
  'Yusuf',
  'Zhang Wei',
  'Amara',
  'Bilal',
  'Camila',
  'Diego',
];
const LAST_INITIALS = 'ABCDEFGHJKLMNPRSTVWZ';

export function demoContactName(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
  return `${first} ${LAST_INITIALS[Math.floor(index / FIRST_NAMES.length) % LAST_INITIALS.length]}.`;
}

/** Demo people have numbers in the 1-555-02xx-xxxx fiction range. */
export function demoWaId(index: number): string {
  return `1555020${String(index).padStart(4, '0')}`;
}

/** A short exchange per conversation: who spoke, and what. */
export const DEMO_CHATS: readonly (readonly ['in' | 'out', string])[][] = [
  [
    ['in', 'Hi, is the oak dining table still available?'],
    ['out', 'Hello! Yes, it is in stock in two sizes: 160 cm and 200 cm.'],
    ['in', 'Great, how long does delivery take?'],
    ['out', 'Three to five working days within the city.'],
  ],
  [
    ['in', '你好，我想了解一下沙发的颜色。'],
    ['out', '您好！目前有灰色、米色和墨绿色三种。'],
    ['in', '墨绿色还有货吗？'],
  ],
  [
    ['in', 'My order #1019 arrived with a scratch on the side.'],
    ['out', 'Sorry to hear that. Could you send a photo? We will arrange a replacement.'],
    ['in', 'Sent it by email just now, thanks.'],
    ['out', 'Received. The replacement ships tomorrow.'],
  ],
  [
    ['in', 'Do you have a showroom I can visit on Saturday?'],
    ['out', 'Yes, 10:00 to 18:00 at 12 Harbour Street.'],
  ],
];

/** Tags of the demo: number tags by number index, contact tags on every `every`-th contact from `offset`. */
export const DEMO_NUMBER_TAGS = [
  { name: 'Sales', color: '#296EFF', numbers: [0, 2] },
  { name: 'Support', color: '#52C41A', numbers: [1] },
] as const;
export const DEMO_CONTACT_TAGS = [
  { name: 'VIP', color: '#FAAD14', every: 9, offset: 1 },
  { name: 'Newsletter', color: '#13C2C2', every: 3, offset: 0 },
  { name: '回头客', color: '#EB2F96', every: 7, offset: 3 },
] as const;
