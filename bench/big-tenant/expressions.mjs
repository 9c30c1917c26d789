// SQL expressions that turn a row's ordinal n into its generated values. Everything derives from
// hashes of n (no random()), so a chunk generates the same rows whenever it runs, and the
// expressions are written into each statement rather than called as SQL functions, which
// PostgreSQL would run row by row (10 million times) instead of inlining.

/** A uniform number in [0, 1), fixed for (n, salt). */
export const rnd = (n, salt) => `((hashint8extended((${n})::bigint, ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** 1..count, uniform. */
export const pick = (n, salt, count) => `(1 + floor(${rnd(n, salt)} * ${count})::int)`;

/** One of `values` (SQL literals), uniform. */
export const oneOf = (n, salt, values) => `(array[${values.join(', ')}])[${pick(n, salt, values.length)}]`;

/** SQL string literal. */
export const text = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * A case over cumulative shares: `[[0.85, 'CONNECTED'], [0.9, 'DISCONNECTED'], ..., [1, 'PENDING']]`.
 * The last entry is the else branch.
 */
export function shares(n, salt, table) {
  const r = rnd(n, salt);
  const branches = table.slice(0, -1).map(([upTo, value]) => `when ${r} < ${upTo} then ${value}`);
  return `(case ${branches.join(' ')} else ${table.at(-1)[1]} end)`;
}

const COUNTRY_CODES = ['1', '55', '52', '62', '91', '234', '63', '84', '86', '44', '49', '7'].map(text);

/**
 * A WhatsApp id (E.164 digits without +): a country code and ten digits. The ten digits are
 * n·48271 mod 10¹⁰, a bijection (48271 is prime to 10), so ids never repeat and do not follow
 * the row order.
 */
export const waId = (n) =>
  `(${oneOf(n, 21, COUNTRY_CODES)} || lpad((((${n})::bigint * 48271) % 10000000000)::text, 10, '0'))`;

const FIRST_NAMES = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Carlos',
  'Juan',
  'Luis',
  'Sofia',
  'Lucas',
  'Gabriel',
  'Fatima',
  'Ahmed',
  'Mohammed',
  'Aisha',
  'Priya',
  'Rahul',
  'Amit',
  'Anjali',
  'Siti',
  'Budi',
  'Dewi',
  'Putri',
  'Agus',
  'Nguyen',
  'Linh',
  'Minh',
  'John',
  'Michael',
  'Sarah',
  'Emily',
  'David',
  'James',
  'Olivia',
  'Emma',
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Tunde',
  'Olga',
  'Ivan',
  'Dmitri',
  'Anna',
  'Hans',
  'Lena',
  'Kevin',
  'Jessica',
  'Daniel',
  'Laura',
  'Pedro',
  'Camila',
  'Valentina',
  'Mateus',
  'Rafael',
  'Isabela',
  'Wei',
  'Li',
  'Jun',
  'Mei',
  'Hiro',
  'Yuki',
].map(text);
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Garcia',
  'Martinez',
  'Rodriguez',
  'Lopez',
  'Hernandez',
  'Gonzalez',
  'Kumar',
  'Sharma',
  'Singh',
  'Patel',
  'Gupta',
  'Wijaya',
  'Saputra',
  'Hidayat',
  'Pratama',
  'Tran',
  'Le',
  'Pham',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Okafor',
  'Adeyemi',
  'Okoye',
  'Balogun',
  'Ivanov',
  'Petrov',
  'Smirnov',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Costa',
  'Pereira',
  'Almeida',
  'Ferreira',
  'Rocha',
  'Ribeiro',
  'Chen',
  'Wang',
  'Zhang',
  'Liu',
  'Yamamoto',
  'Tanaka',
  'Khan',
  'Ali',
  'Hassan',
  'Ibrahim',
  'Reyes',
  'Cruz',
].map(text);
const ZH_SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
].map(text);
const ZH_GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '华',
  '平',
  '刚',
  '桂英',
  '建华',
  '文',
  '晓明',
  '玉兰',
  '海燕',
  '志强',
  '晨',
  '欣怡',
].map(text);
const BUSINESS_WORDS = ['Shop', 'Store', 'Cafe', 'Studio', 'Trading', 'Boutique', 'Motors', 'Clinic'].map(text);

/**
 * A profile name: 10 % empty (WhatsApp users without one), 15 % Chinese, 10 % a business with a
 * number (rare substrings, for the selective search case), the rest first and last name.
 */
export const contactName = (n) =>
  shares(n, 3, [
    [0.1, "''"],
    [0.25, `${oneOf(n, 4, ZH_SURNAMES)} || ${oneOf(n, 5, ZH_GIVEN)}`],
    [0.35, `${oneOf(n, 6, BUSINESS_WORDS)} || ' ' || ((${n}) % 100000)::text`],
    [1, `${oneOf(n, 7, FIRST_NAMES)} || ' ' || ${oneOf(n, 8, LAST_NAMES)}`],
  ]);

/**
 * The number (1..numbers, an index into bench_big.number_map) a contact belongs to, or null for
 * 2 %. Skewed: index ⌈numbers·r²⌉, so the oldest numbers hold tens of thousands of contacts
 * and most hold a few dozen.
 */
export const contactNumberIndex = (n, numbers) =>
  `(case when ${rnd(n, 11)} < 0.02 then null else least(${numbers}, 1 + floor(${numbers} * power(${rnd(n, 12)}, 2))::int) end)`;

/** Whether contact n was generated deleted (1 %): the product removes a deleted contact's tags. */
export const contactDeleted = (n) => `(${rnd(n, 19)} < 0.01)`;

/** The n of contact tag member k (0-based) of a tag of `size` over `contacts`: spread evenly, distinct. */
export const tagMember = (k, size, contacts, offset) =>
  `(1 + floor((${k})::float8 * ${contacts} / ${size})::bigint + ${offset})`;

/** The contact id of ordinal n, from the chunk table (ids of a chunk are consecutive; checked at insert). */
export const contactIdJoin = (n, chunkSize, alias = 'cc') =>
  `join bench_big.contact_chunk ${alias} on ${alias}.chunk = ((${n}) - 1) / ${chunkSize}`;
export const contactIdOf = (n, alias = 'cc') => `(${alias}.first_id + (${n}) - ${alias}.lo)`;
