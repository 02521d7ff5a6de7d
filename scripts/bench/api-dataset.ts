/**
 * The API benchmark's data set (scripts/bench/api.mjs): at least N conferences and N approved
 * research items with realistic bilingual text, written through the api's own drizzle schema and
 * search normalizer, in multi-row INSERTs of 500 rows.
 *
 * The Arabic text is written the way people type it: some rows with tashkeel, some with hamza
 * dropped (اداره for إدارة), alef maqsura for final yeh (الدولى), so that the Arabic-aware search is
 * exercised on real variants. Generation is deterministic (seeded PRNG): two runs create the same
 * rows. It tops the tables up to the target counts, so running it again on the same database
 * (`--database-url`) adds nothing.
 */
import type { DatabaseHandle } from '../../api/src/db/client';
import { conferences, researchSubmissions, users } from '../../api/src/db/schema';
import { buildSearchText } from '../../api/src/lib/arabic-search';

/**
 * A plain SQL query on either driver. (drizzle-orm lives under api/node_modules, out of reach of an
 * import from scripts/: inserts go through the api's drizzle instance, these few reads through the driver.)
 */
export async function rawQuery<T>(database: DatabaseHandle, text: string, params: unknown[] = []): Promise<T[]> {
  const result = database.driver === 'pglite' ? await database.client.query<T>(text, params) : await database.pool.query(text, params);
  return result.rows as T[];
}

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const TOPICS: ReadonlyArray<readonly [string, string]> = [
  ['الذكاء الاصطناعي', 'artificial intelligence'],
  ['أمن المعلومات', 'information security'],
  ['الطاقة المتجددة', 'renewable energy'],
  ['التعليم الإلكتروني', 'e-learning'],
  ['اللغة العربية', 'the Arabic language'],
  ['الاقتصاد الإسلامي', 'Islamic economics'],
  ['الصحة العامة', 'public health'],
  ['التغير المناخي', 'climate change'],
  ['إدارة الموارد المائية', 'water resources management'],
  ['الهندسة المدنية', 'civil engineering'],
  ['علوم البيانات', 'data science'],
  ['التراث الإماراتي', 'Emirati heritage'],
  ['الترجمة الأدبية', 'literary translation'],
  ['القانون الدولي', 'international law'],
  ['الأمن الغذائي', 'food security'],
  ['المدن الذكية', 'smart cities'],
  ['علم النفس التربوي', 'educational psychology'],
  ['الإعلام الرقمي', 'digital media'],
  ['الطب الجيني', 'genomic medicine'],
  ['السياحة المستدامة', 'sustainable tourism'],
  ['ريادة الأعمال', 'entrepreneurship'],
  ['الأمن السيبراني', 'cybersecurity'],
  ['الحوكمة الرشيدة', 'good governance'],
  ['تحلية المياه', 'water desalination'],
];

const PLACES: ReadonlyArray<readonly [string, string]> = [
  ['الإمارات العربية المتحدة', 'the United Arab Emirates'],
  ['دبي', 'Dubai'],
  ['أبوظبي', 'Abu Dhabi'],
  ['الشارقة', 'Sharjah'],
  ['العين', 'Al Ain'],
  ['رأس الخيمة', 'Ras Al Khaimah'],
  ['مسقط', 'Muscat'],
  ['الرياض', 'Riyadh'],
  ['القاهرة', 'Cairo'],
  ['عمّان', 'Amman'],
  ['دول مجلس التعاون الخليجي', 'the GCC countries'],
];

const VENUES: ReadonlyArray<readonly [string, string]> = [
  ['جامعة الإمارات العربية المتحدة، العين', 'United Arab Emirates University, Al Ain'],
  ['جامعة خليفة، أبوظبي', 'Khalifa University, Abu Dhabi'],
  ['جامعة الشارقة', 'University of Sharjah'],
  ['جامعة زايد، دبي', 'Zayed University, Dubai'],
  ['مركز دبي التجاري العالمي', 'Dubai World Trade Centre'],
  ['مركز أدنيك، أبوظبي', 'ADNEC Centre, Abu Dhabi'],
];

const CONFERENCE_KINDS: ReadonlyArray<readonly [number, string, string]> = [
  [1, 'المؤتمر الدولي حول', 'International Conference on'],
  [1, 'المؤتمر العلمي السنوي في', 'Annual Scientific Conference on'],
  [2, 'ورشة عمل في', 'Workshop on'],
  [2, 'الملتقى التطبيقي في', 'Hands-on Forum on'],
  [3, 'ندوة علمية حول', 'Scientific Seminar on'],
  [3, 'حلقة نقاش حول', 'Panel Discussion on'],
  [4, 'الملتقى البحثي لطلبة الدراسات العليا في', 'Graduate Student Research Forum on'],
];

const RESEARCH_PATTERNS: ReadonlyArray<(a: string, b: string, place: string) => string> = [
  (a, b, place) => `أثر ${a} على ${b} في ${place}`,
  (a, b, place) => `دراسة تحليلية لدور ${a} في تطوير ${b} في ${place}`,
  (a, b) => `${a} و${b}: مراجعة منهجية`,
  (a, b, place) => `استخدام ${a} لتحسين ${b}: حالة ${place}`,
];
const RESEARCH_PATTERNS_EN: ReadonlyArray<(a: string, b: string, place: string) => string> = [
  (a, b, place) => `The impact of ${a} on ${b} in ${place}`,
  (a, b, place) => `An analytical study of the role of ${a} in developing ${b} in ${place}`,
  (a, b) => `${cap(a)} and ${b}: a systematic review`,
  (a, b, place) => `Using ${a} to improve ${b}: the case of ${place}`,
];
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const TASHKEEL: Record<string, string> = {
  'الذكاء': 'الذَّكاء',
  'المؤتمر': 'المُؤْتَمَر',
  'الدولي': 'الدَّوْلِيّ',
  'العلمي': 'العِلْمِيّ',
  'دراسة': 'دِراسَة',
  'أثر': 'أَثَر',
  'اللغة': 'اللُّغَة',
  'العربية': 'العَرَبِيَّة',
  'الطاقة': 'الطّاقَة',
  'المتجددة': 'المُتَجَدِّدَة',
  'تحليلية': 'تَحْلِيلِيَّة',
};

/** Writes Arabic the way a row might have been typed: tashkeel, dropped hamza, final ى. */
function typed(text: string, random: () => number): string {
  const style = random();
  if (style < 0.2) return text.split(' ').map((word) => TASHKEEL[word] ?? word).join(' ');
  if (style < 0.35) return text.replace(/[أإآ]/g, 'ا');
  if (style < 0.5) return text.replace(/ي(?=\s|$|،|:)/g, 'ى');
  return text;
}

const pick = <T>(list: ReadonlyArray<T>, random: () => number): T => list[Math.floor(random() * list.length)]!;

const DAY_MS = 86_400_000;
const BATCH = 500;
/** E-mail domain of the benchmark's research authors. */
export const BENCH_AUTHOR_DOMAIN = 'bench-authors.example';

function conferenceRow(n: number) {
  const random = prng(1_000_003 + n);
  const [categoryId, kind, kindEn] = pick(CONFERENCE_KINDS, random);
  const [topic, topicEn] = pick(TOPICS, random);
  const [topic2, topic2En] = pick(TOPICS, random);
  const [place, placeEn] = pick(PLACES, random);
  const mode = pick(['online', 'onsite', 'hybrid'] as const, random);
  const venue = mode === 'online' ? null : pick(VENUES, random);
  const year = 2021 + Math.floor(random() * 9);
  const start = new Date(Date.UTC(year, Math.floor(random() * 12), 1 + Math.floor(random() * 27), 5 + Math.floor(random() * 6)));
  const end = new Date(start.getTime() + (random() < 0.3 ? 3 * 3600_000 : (1 + Math.floor(random() * 3)) * DAY_MS));
  const title = typed(`${kind} ${topic} ${year}`, random);
  const titleEn = `${kindEn} ${cap(topicEn)} ${year}`;
  const description = typed(
    `يجمع هذا الحدث الباحثين والأكاديميين وطلبة الدراسات العليا لمناقشة أحدث التطورات في ${topic} وعلاقتها بـ${topic2} في ${place}، مع جلسات علمية وأوراق محكّمة.`,
    random,
  );
  const descriptionEn = `This event brings together researchers, academics and graduate students to discuss recent advances in ${topicEn} and their links with ${topic2En} in ${placeEn}, with scientific sessions and peer-reviewed papers.`;
  const keywords = [topic, topicEn, topic2En];
  return {
    categoryId,
    title,
    titleEn,
    description,
    descriptionEn,
    overview: description,
    overviewEn: descriptionEn,
    mode,
    venue: venue?.[0] ?? null,
    venueEn: venue?.[1] ?? null,
    timezone: 'Asia/Dubai',
    startDate: start,
    endDate: end,
    image: `public/images/conferences/${1 + (n % 12)}.svg`,
    keywords,
    searchText: buildSearchText(title, titleEn, description, descriptionEn, venue?.[0], venue?.[1], keywords),
    createdAt: new Date(start.getTime() - 120 * DAY_MS),
    updatedAt: new Date(start.getTime() - 120 * DAY_MS),
  };
}

function researchRow(n: number, ownerId: number) {
  const random = prng(2_000_003 + n);
  const [topic, topicEn] = pick(TOPICS, random);
  let [topic2, topic2En] = pick(TOPICS, random);
  if (topic2 === topic) [topic2, topic2En] = TOPICS[(TOPICS.findIndex(([t]) => t === topic) + 1) % TOPICS.length]!;
  const [place, placeEn] = pick(PLACES, random);
  const pattern = Math.floor(random() * RESEARCH_PATTERNS.length);
  const title = typed(RESEARCH_PATTERNS[pattern]!(topic, topic2, place), random);
  const titleEn = cap(RESEARCH_PATTERNS_EN[pattern]!(topicEn, topic2En, placeEn));
  const description = typed(`يتناول البحث ${topic} من منظور ${topic2} مع التركيز على ${place}.`, random);
  const descriptionEn = `The research examines ${topicEn} from the perspective of ${topic2En}, with a focus on ${placeEn}.`;
  const arabicAbstract = random() < 0.7;
  const abstract = arabicAbstract
    ? typed(
        `تهدف هذه الدراسة إلى تحليل العلاقة بين ${topic} و${topic2} في ${place}. اعتمد الباحث المنهج الوصفي التحليلي، وجُمعت البيانات من ${50 + Math.floor(random() * 400)} مشاركاً عبر استبانة محكّمة. أظهرت النتائج أثراً ذا دلالة إحصائية، وقدّمت الدراسة توصيات لصنّاع القرار والباحثين.`,
        random,
      )
    : `This study analyses the relationship between ${topicEn} and ${topic2En} in ${placeEn}. A descriptive analytical method was used, with data from ${50 + Math.floor(random() * 400)} participants collected through a validated questionnaire. The results show a statistically significant effect, and the study makes recommendations for decision makers and researchers.`;
  const updated = new Date(Date.UTC(2022, 0, 1) + Math.floor(random() * 4 * 365) * DAY_MS + Math.floor(random() * DAY_MS));
  const created = new Date(updated.getTime() - 21 * DAY_MS);
  return {
    ownerId,
    categoryId: 1 + Math.floor(random() * 7),
    title,
    titleEn,
    description,
    descriptionEn,
    abstract,
    researchType: pick(['master', 'doctorate', 'general'] as const, random),
    filePath: `private/research/${1 + (n % 12)}.pdf`,
    fileOriginalName: `bench-research-${n}.pdf`,
    fileMime: 'application/pdf',
    fileSize: 2048,
    image: `public/images/research/${1 + (n % 12)}.svg`,
    termsAcceptedAt: created,
    status: 'approved' as const,
    searchText: buildSearchText(title, titleEn, description, descriptionEn, abstract),
    publishedAt: updated,
    createdAt: created,
    updatedAt: updated,
  };
}

export interface DatasetResult {
  conferences: number;
  research: number;
  insertedConferences: number;
  insertedResearch: number;
  seconds: number;
}

/** Tops `conferences` up to `target` rows and approved research up to `researchTarget` (default: `target`). */
export async function createBenchDataset(database: DatabaseHandle, target: number, researchTarget = target): Promise<DatasetResult> {
  const started = Date.now();
  const { db } = database;
  const countOf = async (query: string) => Number((await rawQuery<{ n: number }>(database, query))[0]?.n ?? 0);
  const existingConferences = await countOf('SELECT count(*)::int AS n FROM conferences');
  const existingResearch = await countOf("SELECT count(*)::int AS n FROM research_submissions WHERE status = 'approved'");

  let insertedConferences = 0;
  for (let n = existingConferences; n < target; n += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, target - n) }, (_, index) => conferenceRow(n + index));
    await db.insert(conferences).values(rows);
    insertedConferences += rows.length;
  }

  let insertedResearch = 0;
  if (existingResearch < researchTarget) {
    // 200 authors (accounts without a password: they cannot sign in).
    let authors = await rawQuery<{ id: number }>(database, 'SELECT id FROM users WHERE email LIKE $1 ORDER BY id', [`%@${BENCH_AUTHOR_DOMAIN}`]);
    if (authors.length === 0) {
      authors = await db
        .insert(users)
        .values(
          Array.from({ length: 200 }, (_, index) => ({
            name: `باحث ${index + 1}`,
            email: `author${index + 1}@${BENCH_AUTHOR_DOMAIN}`,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
    }
    for (let n = existingResearch; n < researchTarget; n += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, researchTarget - n) }, (_, index) =>
        researchRow(n + index, authors[(n + index) % authors.length]!.id),
      );
      await db.insert(researchSubmissions).values(rows);
      insertedResearch += rows.length;
    }
  }
  return {
    conferences: existingConferences + insertedConferences,
    research: existingResearch + insertedResearch,
    insertedConferences,
    insertedResearch,
    seconds: (Date.now() - started) / 1000,
  };
}
