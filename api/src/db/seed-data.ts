/**
 * Seed content: realistic bilingual (Arabic / English) rows for every public list, with fixed ids
 * so seeding is idempotent. People are fictional; institutions are real UAE universities.
 * Images are small SVGs shipped in api/seed-assets/public/ (see seed-assets.ts); links are
 * internal paths, and social links use the reserved `.example` domain (RFC 2606) so the demo
 * never sends anyone to a real third-party profile.
 */
import type { StaffRole } from '@scholars/shared-contracts/authorization';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { ConsultationLanguage } from '@scholars/shared-contracts/schemas';

type Mode = 'online' | 'onsite' | 'hybrid';

export const conferenceCategories = [
  { id: 1, name: 'المؤتمرات الأكاديمية', nameEn: 'Academic Conferences', sortOrder: 1 },
  { id: 2, name: 'الفعاليات وورش العمل', nameEn: 'Events & Workshops', sortOrder: 2 },
  { id: 3, name: 'الندوات العلمية', nameEn: 'Scientific Seminars', sortOrder: 3 },
  { id: 4, name: 'الملتقيات البحثية للطلبة', nameEn: 'Student Research Forums', sortOrder: 4 },
];

export interface SeedConference {
  id: number;
  categoryId: number;
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  overview: string;
  overviewEn: string;
  objectives: string;
  objectivesEn: string;
  mode: Mode;
  venue: string | null;
  venueEn: string | null;
  /** UTC instants; the venue's zone is Asia/Dubai (UTC+4). */
  start: string;
  end: string;
  keywords: string[];
  excerpts?: string;
  excerptsEn?: string;
  /** False: registration closed by the organizers (default open). */
  registrationOpen?: boolean;
}

export const conferences: SeedConference[] = [
  {
    id: 1,
    categoryId: 1,
    title: 'المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي',
    titleEn: 'International Conference on Artificial Intelligence in Higher Education',
    description:
      'يجمع المؤتمر الباحثين وأعضاء هيئة التدريس وصنّاع القرار لمناقشة توظيف الذكاء الاصطناعي في التدريس والتقييم والبحث العلمي داخل الجامعات العربية، مع عرض تجارب تطبيقية من مؤسسات إماراتية ودولية.',
    descriptionEn:
      'The conference brings together researchers, faculty and decision makers to discuss how artificial intelligence can serve teaching, assessment and research in Arab universities, with case studies from UAE and international institutions.',
    overview:
      'يتناول المؤتمر على مدى يومين محاور التعلم التكيفي، والتقييم الذكي، وأخلاقيات استخدام النماذج اللغوية في الكتابة الأكاديمية، وسياسات الجامعات تجاه أدوات الذكاء الاصطناعي التوليدي.',
    overviewEn:
      'Over two days the conference covers adaptive learning, intelligent assessment, the ethics of language models in academic writing, and university policies on generative AI tools.',
    objectives:
      'تبادل الخبرات بين الجامعات؛ وضع إرشادات للاستخدام المسؤول للذكاء الاصطناعي؛ دعم الباحثين الشباب في نشر أعمالهم؛ بناء شراكات بحثية إقليمية.',
    objectivesEn:
      'Share experience between universities; draft guidelines for the responsible use of AI; help early-career researchers publish; build regional research partnerships.',
    mode: 'hybrid',
    venue: 'جامعة الإمارات العربية المتحدة، العين',
    venueEn: 'United Arab Emirates University, Al Ain',
    start: '2027-02-16T05:00:00Z',
    end: '2027-02-17T13:00:00Z',
    keywords: ['الذكاء الاصطناعي', 'التعليم العالي', 'التقييم', 'artificial intelligence', 'higher education', 'AI'],
  },
  {
    id: 2,
    categoryId: 1,
    title: 'المؤتمر العلمي للاستدامة والطاقة المتجددة',
    titleEn: 'Scientific Conference on Sustainability and Renewable Energy',
    description:
      'منصة علمية لعرض أحدث الأبحاث في الطاقة الشمسية وكفاءة المباني وإدارة الموارد المائية، ودور الجامعات في تحقيق أهداف الحياد المناخي في المنطقة.',
    descriptionEn:
      'A scientific forum for the latest research on solar energy, building efficiency and water resource management, and for the role of universities in reaching the region’s climate-neutrality goals.',
    overview:
      'جلسات علمية محكّمة وعروض ملصقات وزيارة ميدانية إلى مشاريع الطاقة النظيفة في مدينة مصدر.',
    overviewEn: 'Peer-reviewed sessions, poster presentations and a field visit to clean-energy projects in Masdar City.',
    objectives:
      'نشر المعرفة حول تقنيات الطاقة المتجددة؛ ربط البحث الأكاديمي بالصناعة؛ تشجيع المشاريع الطلابية في مجال الاستدامة.',
    objectivesEn:
      'Spread knowledge of renewable-energy technologies; connect academic research with industry; encourage student sustainability projects.',
    mode: 'onsite',
    venue: 'مدينة مصدر، أبوظبي',
    venueEn: 'Masdar City, Abu Dhabi',
    start: '2027-03-09T05:00:00Z',
    end: '2027-03-11T13:00:00Z',
    keywords: ['الاستدامة', 'الطاقة المتجددة', 'الطاقة الشمسية', 'sustainability', 'renewable energy', 'climate'],
  },
  {
    id: 3,
    categoryId: 1,
    title: 'مؤتمر البحث العلمي في العلوم الإنسانية والاجتماعية',
    titleEn: 'Conference on Research in the Humanities and Social Sciences',
    description:
      'مؤتمر افتراضي يناقش مناهج البحث الكيفي والكمي في العلوم الإنسانية، وقضايا الهوية واللغة والمجتمع في العالم العربي.',
    descriptionEn:
      'A virtual conference on qualitative and quantitative research methods in the humanities, and on identity, language and society in the Arab world.',
    overview: 'ثلاث جلسات رئيسية وحلقات نقاش موازية مع إتاحة التسجيلات للمشاركين بعد انتهاء المؤتمر.',
    overviewEn: 'Three plenary sessions and parallel panels, with recordings available to participants afterwards.',
    objectives: 'تعزيز جودة البحث في العلوم الإنسانية؛ تبادل الخبرات المنهجية؛ دعم النشر باللغة العربية.',
    objectivesEn: 'Raise the quality of humanities research; share methodological experience; support publishing in Arabic.',
    mode: 'online',
    venue: null,
    venueEn: null,
    start: '2027-04-20T06:00:00Z',
    end: '2027-04-21T12:00:00Z',
    keywords: ['العلوم الإنسانية', 'العلوم الاجتماعية', 'مناهج البحث', 'humanities', 'social sciences', 'research methods'],
  },
  {
    id: 4,
    categoryId: 1,
    title: 'المؤتمر الدولي للصحة العامة وجودة الحياة',
    titleEn: 'International Conference on Public Health and Quality of Life',
    description:
      'ناقش المؤتمر سياسات الوقاية من الأمراض المزمنة، والصحة النفسية في بيئات العمل، وأثر أنماط الحياة على جودة الحياة في دول الخليج.',
    descriptionEn:
      'The conference discussed chronic-disease prevention policies, mental health at work and the effect of lifestyle on quality of life in the Gulf states.',
    overview: 'شارك فيه أكثر من ثلاثمئة باحث من اثنتي عشرة دولة في جلسات حضورية وافتراضية.',
    overviewEn: 'Over three hundred researchers from twelve countries took part, on site and online.',
    objectives: 'مراجعة الأدلة العلمية الحديثة؛ اقتراح توصيات لصنّاع السياسات الصحية؛ دعم البحث التطبيقي.',
    objectivesEn: 'Review recent evidence; recommend actions to health policy makers; support applied research.',
    mode: 'hybrid',
    venue: 'مركز دبي التجاري العالمي، دبي',
    venueEn: 'Dubai World Trade Centre, Dubai',
    start: '2026-10-27T05:00:00Z',
    end: '2026-10-28T13:00:00Z',
    keywords: ['الصحة العامة', 'جودة الحياة', 'الصحة النفسية', 'public health', 'quality of life', 'mental health'],
    excerpts:
      'خلص المؤتمر إلى أهمية برامج الفحص المبكر في مكان العمل، وأوصى بإنشاء قاعدة بيانات خليجية مشتركة لمؤشرات جودة الحياة.',
    excerptsEn:
      'The conference highlighted early-screening programmes at the workplace and recommended a shared Gulf database of quality-of-life indicators.',
  },
  {
    id: 5,
    categoryId: 2,
    title: 'ورشة عمل: كتابة المقترح البحثي خطوة بخطوة',
    titleEn: 'Workshop: Writing a Research Proposal Step by Step',
    description:
      'ورشة تطبيقية لطلبة الماجستير والدكتوراه حول صياغة مشكلة البحث وأسئلته وأهدافه، وبناء الإطار النظري وخطة المنهجية والجدول الزمني.',
    descriptionEn:
      'A hands-on workshop for master’s and doctoral students on framing the research problem, questions and aims, and on building the literature review, methodology and timeline.',
    overview: 'يعمل المشاركون على مقترحاتهم الخاصة ويتلقون ملاحظات مباشرة من المدرّبين.',
    overviewEn: 'Participants work on their own proposals and receive direct feedback from the trainers.',
    objectives: 'إتقان عناصر المقترح البحثي؛ تجنّب الأخطاء الشائعة؛ إعداد مسودة أولى قابلة للتقديم.',
    objectivesEn: 'Master the parts of a proposal; avoid common mistakes; produce a first draft ready to submit.',
    mode: 'online',
    venue: null,
    venueEn: null,
    start: '2027-01-23T14:00:00Z',
    end: '2027-01-23T17:00:00Z',
    keywords: ['المقترح البحثي', 'الدراسات العليا', 'منهجية البحث', 'research proposal', 'graduate studies', 'methodology'],
  },
  {
    id: 6,
    categoryId: 2,
    title: 'ورشة عمل: التحليل الإحصائي باستخدام SPSS وR',
    titleEn: 'Workshop: Statistical Analysis with SPSS and R',
    description:
      'تدريب عملي على إدخال البيانات وتنظيفها، والإحصاء الوصفي والاستدلالي، واختبارات الفروق والانحدار، وتفسير النتائج وكتابتها في الرسائل العلمية.',
    descriptionEn:
      'Practical training in data entry and cleaning, descriptive and inferential statistics, difference tests and regression, and in reporting results in a thesis.',
    overview: 'ورشة حضورية في مختبر الحاسوب مع مجموعات بيانات حقيقية من أبحاث تربوية وصحية.',
    overviewEn: 'An on-site workshop in a computer lab using real data sets from education and health research.',
    objectives: 'اختيار الاختبار الإحصائي المناسب؛ تنفيذ التحليل بثقة؛ عرض النتائج وفق معايير النشر.',
    objectivesEn: 'Choose the right statistical test; run the analysis with confidence; present results to publication standards.',
    mode: 'onsite',
    venue: 'المدينة الجامعية، الشارقة',
    venueEn: 'University City, Sharjah',
    start: '2026-12-05T05:00:00Z',
    end: '2026-12-05T12:00:00Z',
    keywords: ['الإحصاء', 'تحليل البيانات', 'SPSS', 'R', 'statistics', 'data analysis'],
    // The lab seats are taken: an upcoming event whose registration is closed.
    registrationOpen: false,
  },
  {
    id: 7,
    categoryId: 2,
    title: 'فعالية: النشر في المجلات العلمية المحكّمة',
    titleEn: 'Event: Publishing in Peer-Reviewed Journals',
    description:
      'لقاء مفتوح مع محررين ومراجعين في مجلات عربية ودولية حول اختيار المجلة المناسبة، والتعامل مع ملاحظات المحكّمين، وتجنّب المجلات المفترسة.',
    descriptionEn:
      'An open session with editors and reviewers of Arab and international journals on choosing a journal, answering reviewers and avoiding predatory journals.',
    overview: 'جلسة حوارية مع أسئلة مباشرة من الحضور.',
    overviewEn: 'A panel discussion with live questions from the audience.',
    objectives: 'رفع فرص قبول الأبحاث؛ التعرّف على معايير التحكيم؛ حماية الباحثين من الممارسات غير الأمينة.',
    objectivesEn: 'Improve acceptance rates; understand review criteria; protect researchers from dishonest practices.',
    mode: 'online',
    venue: null,
    venueEn: null,
    start: '2026-09-15T15:00:00Z',
    end: '2026-09-15T17:00:00Z',
    keywords: ['النشر العلمي', 'التحكيم', 'المجلات المحكمة', 'publishing', 'peer review', 'journals'],
    excerpts: 'أكد المتحدثون أن وضوح سؤال البحث وجودة الملخص هما أول ما يلفت نظر المحرر.',
    excerptsEn: 'Speakers stressed that a clear research question and a strong abstract are what an editor notices first.',
  },
  {
    id: 8,
    categoryId: 3,
    title: 'ندوة: أخلاقيات البحث العلمي في عصر البيانات',
    titleEn: 'Seminar: Research Ethics in the Age of Data',
    description:
      'ندوة حول الموافقة المستنيرة، وحماية خصوصية المشاركين، وإدارة البيانات البحثية ومشاركتها، والنزاهة الأكاديمية عند استخدام أدوات الذكاء الاصطناعي.',
    descriptionEn:
      'A seminar on informed consent, participant privacy, research data management and sharing, and academic integrity when using AI tools.',
    overview: 'محاضرتان رئيسيتان يعقبهما نقاش مفتوح.',
    overviewEn: 'Two keynote talks followed by an open discussion.',
    objectives: 'التعريف بالمعايير الأخلاقية الدولية؛ مناقشة حالات واقعية؛ دعم لجان أخلاقيات البحث في الجامعات.',
    objectivesEn: 'Present international ethical standards; discuss real cases; support university research ethics committees.',
    mode: 'hybrid',
    venue: 'جامعة زايد، دبي',
    venueEn: 'Zayed University, Dubai',
    start: '2027-03-02T14:00:00Z',
    end: '2027-03-02T17:00:00Z',
    keywords: ['أخلاقيات البحث', 'خصوصية البيانات', 'النزاهة الأكاديمية', 'research ethics', 'data privacy', 'integrity'],
  },
  {
    id: 9,
    categoryId: 3,
    title: 'ندوة: التحول الرقمي في المكتبات الجامعية',
    titleEn: 'Seminar: Digital Transformation of University Libraries',
    description:
      'ناقشت الندوة مستقبل المكتبات الجامعية في ظل المستودعات الرقمية المفتوحة، والكتب الإلكترونية، وخدمات الباحثين عن بُعد.',
    descriptionEn:
      'The seminar discussed the future of university libraries with open digital repositories, e-books and remote services for researchers.',
    overview: 'ندوة افتراضية بمشاركة مديري مكتبات من خمس جامعات عربية.',
    overviewEn: 'An online seminar with library directors from five Arab universities.',
    objectives: 'تبادل تجارب الرقمنة؛ تحسين الوصول إلى مصادر المعلومات؛ دعم الوصول المفتوح.',
    objectivesEn: 'Share digitisation experience; improve access to information; support open access.',
    mode: 'online',
    venue: null,
    venueEn: null,
    start: '2026-06-10T15:00:00Z',
    end: '2026-06-10T17:30:00Z',
    keywords: ['المكتبات الرقمية', 'الوصول المفتوح', 'الكتب الإلكترونية', 'digital libraries', 'open access', 'e-books'],
    excerpts: 'اتفق المشاركون على أن المستودعات المؤسسية المفتوحة تضاعف الاستشهاد بأبحاث الجامعة.',
    excerptsEn: 'Participants agreed that open institutional repositories markedly increase citations of a university’s research.',
  },
  {
    id: 10,
    categoryId: 3,
    title: 'ندوة: اللغة العربية والحوسبة',
    titleEn: 'Seminar: The Arabic Language and Computing',
    description:
      'بمناسبة اليوم العالمي للغة العربية، تستعرض الندوة تقدّم المعالجة الآلية للغة العربية، من التدقيق الإملائي إلى النماذج اللغوية الكبيرة، وتحديات اللهجات والتشكيل.',
    descriptionEn:
      'On World Arabic Language Day, the seminar reviews progress in Arabic natural language processing, from spell checking to large language models, and the challenges of dialects and diacritics.',
    overview: 'عروض بحثية وتجارب حيّة لأدوات عربية مفتوحة المصدر.',
    overviewEn: 'Research talks and live demonstrations of open-source Arabic tools.',
    objectives: 'إبراز الجهود البحثية العربية؛ تشجيع بناء مدونات لغوية مفتوحة؛ ربط اللسانيين بالمهندسين.',
    objectivesEn: 'Showcase Arab research; encourage open language corpora; connect linguists and engineers.',
    mode: 'onsite',
    venue: 'بيت الحكمة، الشارقة',
    venueEn: 'House of Wisdom, Sharjah',
    start: '2026-12-18T06:00:00Z',
    end: '2026-12-18T10:00:00Z',
    keywords: ['اللغة العربية', 'المعالجة الآلية للغة', 'اللسانيات الحاسوبية', 'Arabic NLP', 'computational linguistics'],
  },
  {
    id: 11,
    categoryId: 4,
    title: 'الملتقى السنوي لطلبة الدراسات العليا',
    titleEn: 'Annual Graduate Students Forum',
    description:
      'ملتقى يتيح لطلبة الماجستير والدكتوراه عرض أبحاثهم أمام لجان من الأساتذة، والتنافس على جوائز أفضل عرض وأفضل ملصق علمي.',
    descriptionEn:
      'A forum where master’s and doctoral students present their research to faculty panels and compete for best talk and best poster awards.',
    overview: 'عروض شفهية قصيرة وجلسة ملصقات وورشة عن مهارات العرض العلمي.',
    overviewEn: 'Short oral presentations, a poster session and a workshop on presentation skills.',
    objectives: 'تدريب الطلبة على العرض العلمي؛ توفير تغذية راجعة من الخبراء؛ بناء شبكة علاقات بحثية.',
    objectivesEn: 'Train students to present; give them expert feedback; build research networks.',
    mode: 'hybrid',
    venue: 'جامعة خليفة، أبوظبي',
    venueEn: 'Khalifa University, Abu Dhabi',
    start: '2027-04-07T05:00:00Z',
    end: '2027-04-08T12:00:00Z',
    keywords: ['طلبة الدراسات العليا', 'الملصق العلمي', 'مهارات العرض', 'graduate students', 'poster', 'presentation skills'],
  },
  {
    id: 12,
    categoryId: 4,
    title: 'ملتقى أبحاث الماجستير في الإدارة والاقتصاد',
    titleEn: 'Master’s Research Forum in Business and Economics',
    description:
      'عرض فيه طلبة الماجستير أبحاثهم في التسويق الرقمي والتمويل الإسلامي وريادة الأعمال، وناقشتها لجنة من أساتذة كليات إدارة الأعمال.',
    descriptionEn:
      'Master’s students presented research on digital marketing, Islamic finance and entrepreneurship, discussed by a panel of business-school faculty.',
    overview: 'ملتقى افتراضي من ثلاث جلسات.',
    overviewEn: 'An online forum in three sessions.',
    objectives: 'تشجيع البحث التطبيقي في الاقتصاد المحلي؛ ربط الطلبة بسوق العمل.',
    objectivesEn: 'Encourage applied research on the local economy; connect students with employers.',
    mode: 'online',
    venue: null,
    venueEn: null,
    start: '2026-05-20T14:00:00Z',
    end: '2026-05-20T18:00:00Z',
    keywords: ['إدارة الأعمال', 'الاقتصاد', 'التمويل الإسلامي', 'business', 'economics', 'Islamic finance'],
    excerpts: 'فاز بحث عن أثر التسوق عبر الهاتف على سلوك المستهلك الإماراتي بجائزة أفضل عرض.',
    excerptsEn: 'A study of mobile shopping and Emirati consumer behaviour won the best presentation award.',
  },
];

export const speakers = [
  { name: 'د. سارة المنصوري', nameEn: 'Dr. Sara Al Mansouri', title: 'أستاذة مشاركة في تقنيات التعليم', titleEn: 'Associate Professor of Educational Technology' },
  { name: 'أ.د. خالد العامري', nameEn: 'Prof. Khalid Al Ameri', title: 'أستاذ هندسة الطاقة', titleEn: 'Professor of Energy Engineering' },
  { name: 'د. مريم الكعبي', nameEn: 'Dr. Maryam Al Kaabi', title: 'باحثة في الصحة العامة', titleEn: 'Public Health Researcher' },
  { name: 'د. عمر الحمادي', nameEn: 'Dr. Omar Al Hammadi', title: 'أستاذ مساعد في الإحصاء التطبيقي', titleEn: 'Assistant Professor of Applied Statistics' },
  { name: 'د. ليلى حداد', nameEn: 'Dr. Layla Haddad', title: 'محررة مجلة علمية محكّمة', titleEn: 'Editor of a Peer-Reviewed Journal' },
  { name: 'أ.د. يوسف الشامسي', nameEn: 'Prof. Yousef Al Shamsi', title: 'أستاذ اللسانيات الحاسوبية', titleEn: 'Professor of Computational Linguistics' },
  { name: 'د. نورة الظاهري', nameEn: 'Dr. Noura Al Dhaheri', title: 'مديرة مكتبة جامعية', titleEn: 'University Library Director' },
  { name: 'د. أحمد بن سالم', nameEn: 'Dr. Ahmed Bin Salem', title: 'أستاذ مشارك في الاقتصاد', titleEn: 'Associate Professor of Economics' },
].map((speaker, index) => ({
  ...speaker,
  image: `public/images/speakers/${index + 1}.svg`,
  bio: `${speaker.name} ${speaker.title}، له إسهامات بحثية منشورة في مجلات عربية ودولية، ويشارك بانتظام في تحكيم الأبحاث والإشراف على طلبة الدراسات العليا.`,
  bioEn: `${speaker.nameEn} is ${/^[AEIOU]/.test(speaker.titleEn) ? 'an' : 'a'} ${speaker.titleEn.toLowerCase()} with work published in Arab and international journals, a regular reviewer and a supervisor of graduate students.`,
}));

/** Two speakers per conference, as indexes into {@link speakers}. */
export const conferenceSpeakerPicks: Record<number, [number, number]> = {
  1: [0, 5],
  2: [1, 2],
  3: [4, 6],
  4: [2, 3],
  5: [0, 4],
  6: [3, 7],
  7: [4, 6],
  8: [0, 3],
  9: [6, 5],
  10: [5, 0],
  11: [1, 4],
  12: [7, 3],
};

export const communityCategories = [
  { id: 1, name: 'التربية والتعليم', nameEn: 'Education', sortOrder: 1 },
  { id: 2, name: 'الهندسة وتقنية المعلومات', nameEn: 'Engineering & Information Technology', sortOrder: 2 },
  { id: 3, name: 'العلوم الصحية والطبية', nameEn: 'Health & Medical Sciences', sortOrder: 3 },
  { id: 4, name: 'إدارة الأعمال والاقتصاد', nameEn: 'Business & Economics', sortOrder: 4 },
  { id: 5, name: 'العلوم الإنسانية والاجتماعية', nameEn: 'Humanities & Social Sciences', sortOrder: 5 },
  { id: 6, name: 'القانون والدراسات الشرعية', nameEn: 'Law & Islamic Studies', sortOrder: 6 },
  { id: 7, name: 'البيئة والاستدامة', nameEn: 'Environment & Sustainability', sortOrder: 7 },
];

/** Authors of the seeded research. No password: these accounts cannot sign in. */
export const seedUsers = [
  { id: 1, name: 'د. سلمى الهاشمي', email: 'salma.alhashimi@scholars-hub.example', roles: ['supervisor'] as StaffRole[], country: 'AE', gender: 'female' as const, locale: 'ar' as const },
  { id: 2, name: 'مريم الشحي', email: 'maryam.alshehhi@scholars-hub.example', roles: [] as StaffRole[], country: 'AE', gender: 'female' as const, locale: 'ar' as const },
  { id: 3, name: 'أحمد المرزوقي', email: 'ahmed.almarzouqi@scholars-hub.example', roles: [] as StaffRole[], country: 'AE', gender: 'male' as const, locale: 'ar' as const },
  { id: 4, name: 'Hessa Al Falasi', email: 'hessa.alfalasi@scholars-hub.example', roles: [] as StaffRole[], country: 'AE', gender: 'female' as const, locale: 'en' as const },
  { id: 5, name: 'يوسف العبدولي', email: 'yousef.alabdouli@scholars-hub.example', roles: [] as StaffRole[], country: 'OM', gender: 'male' as const, locale: 'ar' as const },
];

export interface SeedResearch {
  id: number;
  ownerId: number;
  categoryId: number;
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  abstract: string;
  researchType: 'master' | 'doctorate' | 'general';
  updated: string;
}

export const research: SeedResearch[] = [
  {
    id: 1,
    ownerId: 2,
    categoryId: 1,
    title: 'أثر التعلّم المدمج على التحصيل الدراسي لطلبة المرحلة الثانوية في دولة الإمارات',
    titleEn: 'The Impact of Blended Learning on the Academic Achievement of Secondary School Students in the UAE',
    description: 'دراسة شبه تجريبية في ست مدارس حكومية.',
    descriptionEn: 'A quasi-experimental study in six public schools.',
    abstract:
      'هدفت هذه الدراسة إلى قياس أثر التعلّم المدمج على تحصيل طلبة الصف الحادي عشر في مادتي الرياضيات والعلوم. شملت العينة 240 طالبًا وطالبة وُزّعوا على مجموعتين تجريبية وضابطة، وأظهرت النتائج فروقًا دالة إحصائيًا لصالح المجموعة التجريبية، مع تحسّن ملحوظ في الدافعية نحو التعلّم.',
    researchType: 'master',
    updated: '2026-10-02T08:30:00Z',
  },
  {
    id: 2,
    ownerId: 3,
    categoryId: 2,
    title: 'نموذج تعلّم عميق للتعرّف على الخط العربي المكتوب بخط اليد',
    titleEn: 'A Deep Learning Model for Recognising Handwritten Arabic Script',
    description: 'نموذج يجمع الشبكات الالتفافية والمحوّلات.',
    descriptionEn: 'A model combining convolutional networks and transformers.',
    abstract:
      'يقترح هذا البحث نموذجًا هجينًا يجمع بين الشبكات العصبية الالتفافية وآلية الانتباه للتعرّف على الكلمات العربية المكتوبة بخط اليد، مع معالجة تشابك الحروف والتشكيل. حقق النموذج دقة 94.7% على مجموعة بيانات KHATT متفوقًا على النماذج المرجعية.',
    researchType: 'doctorate',
    updated: '2026-09-18T11:00:00Z',
  },
  {
    id: 3,
    ownerId: 4,
    categoryId: 2,
    title: 'العوامل المؤثرة في تبنّي الحوسبة السحابية في المؤسسات الحكومية',
    titleEn: 'Factors Influencing Cloud Computing Adoption in Government Entities',
    description: 'دراسة ميدانية باستخدام نموذج TOE.',
    descriptionEn: 'A field study using the TOE framework.',
    abstract:
      'This study examines the technological, organizational and environmental factors behind cloud adoption in UAE federal entities. A survey of 312 IT managers analysed with structural equation modelling shows that top-management support and data-security assurance are the strongest predictors.',
    researchType: 'master',
    updated: '2026-08-05T07:15:00Z',
  },
  {
    id: 4,
    ownerId: 5,
    categoryId: 3,
    title: 'انتشار نقص فيتامين (د) لدى النساء في منطقة الخليج: مراجعة منهجية',
    titleEn: 'Prevalence of Vitamin D Deficiency among Women in the Gulf Region: A Systematic Review',
    description: 'مراجعة منهجية وتحليل بعدي لـ 38 دراسة.',
    descriptionEn: 'A systematic review and meta-analysis of 38 studies.',
    abstract:
      'راجعت هذه الدراسة 38 بحثًا منشورًا بين عامي 2010 و2025 حول نقص فيتامين (د) لدى النساء في دول مجلس التعاون الخليجي. بلغ معدل الانتشار المجمّع 68%، وارتبط بقلة التعرّض للشمس ونمط اللباس والنظام الغذائي، وتوصي الدراسة ببرامج فحص ومكمّلات وطنية.',
    researchType: 'general',
    updated: '2026-07-21T09:45:00Z',
  },
  {
    id: 5,
    ownerId: 2,
    categoryId: 3,
    title: 'جودة الخدمات الصحية الرقمية ورضا المرضى بعد الجائحة',
    titleEn: 'Digital Health Service Quality and Patient Satisfaction after the Pandemic',
    description: 'دراسة على مستخدمي تطبيقات الاستشارات الطبية عن بُعد.',
    descriptionEn: 'A study of telemedicine app users.',
    abstract:
      'تناولت الدراسة العلاقة بين أبعاد جودة الخدمة الرقمية ورضا المرضى عن الاستشارات الطبية عن بُعد في دبي والشارقة. أظهرت نتائج استبانة شملت 420 مريضًا أن سهولة الاستخدام وسرعة الاستجابة أكثر الأبعاد تأثيرًا في الرضا.',
    researchType: 'master',
    updated: '2026-10-28T13:20:00Z',
  },
  {
    id: 6,
    ownerId: 4,
    categoryId: 4,
    title: 'ريادة الأعمال النسائية ودورها في التنويع الاقتصادي',
    titleEn: 'Women’s Entrepreneurship and Its Role in Economic Diversification',
    description: 'دراسة مختلطة المنهج في ثلاث إمارات.',
    descriptionEn: 'A mixed-methods study across three emirates.',
    abstract:
      'This doctoral research analyses how women-led small and medium enterprises contribute to economic diversification in the UAE. Interviews with 35 founders and data on 1,200 licensed businesses point to access to finance and mentoring networks as the main levers of growth.',
    researchType: 'doctorate',
    updated: '2026-06-30T10:00:00Z',
  },
  {
    id: 7,
    ownerId: 3,
    categoryId: 4,
    title: 'أثر التقنيات المالية على الشمول المالي في الدول العربية',
    titleEn: 'The Effect of Financial Technology on Financial Inclusion in Arab Countries',
    description: 'تحليل بيانات مقطعية لـ 18 دولة عربية.',
    descriptionEn: 'A panel-data analysis of 18 Arab countries.',
    abstract:
      'يقيس هذا البحث أثر انتشار المحافظ الإلكترونية وخدمات الدفع عبر الهاتف على مؤشرات الشمول المالي في 18 دولة عربية خلال الفترة 2014-2024، ويخلص إلى أثر إيجابي أقوى لدى الشباب والنساء وسكان المناطق الريفية.',
    researchType: 'general',
    updated: '2026-05-14T12:00:00Z',
  },
  {
    id: 8,
    ownerId: 5,
    categoryId: 5,
    title: 'الهوية الثقافية لدى الشباب في ظل وسائل التواصل الاجتماعي',
    titleEn: 'Cultural Identity among Youth in the Age of Social Media',
    description: 'دراسة اجتماعية على طلبة الجامعات.',
    descriptionEn: 'A sociological study of university students.',
    abstract:
      'تبحث الدراسة في أثر الاستخدام المكثّف لوسائل التواصل الاجتماعي على مكوّنات الهوية الثقافية لدى طلبة الجامعات في الإمارات وعُمان، من خلال استبانة ومجموعات نقاش مركّزة، وتقترح برامج لتعزيز الانتماء واللغة العربية في الفضاء الرقمي.',
    researchType: 'master',
    updated: '2026-09-02T16:40:00Z',
  },
  {
    id: 9,
    ownerId: 1,
    categoryId: 6,
    title: 'الترجمة الآلية للنصوص القانونية بين العربية والإنجليزية: تحديات ومقترحات',
    titleEn: 'Machine Translation of Legal Texts between Arabic and English: Challenges and Proposals',
    description: 'تحليل لأخطاء أنظمة الترجمة في العقود والتشريعات.',
    descriptionEn: 'An error analysis of translation systems on contracts and legislation.',
    abstract:
      'يحلّل البحث أخطاء ثلاثة أنظمة للترجمة الآلية عند ترجمة عقود وتشريعات إماراتية بين العربية والإنجليزية، ويصنّفها إلى أخطاء مصطلحية وتركيبية وسياقية، ثم يقترح مسردًا قانونيًا ثنائي اللغة وآلية مراجعة بشرية تقلّل الأخطاء الجوهرية.',
    researchType: 'doctorate',
    updated: '2026-11-10T09:00:00Z',
  },
  {
    id: 10,
    ownerId: 3,
    categoryId: 6,
    title: 'حماية البيانات الشخصية في التشريعات الإماراتية: دراسة مقارنة',
    titleEn: 'Personal Data Protection in UAE Legislation: A Comparative Study',
    description: 'مقارنة مع اللائحة الأوروبية العامة لحماية البيانات.',
    descriptionEn: 'A comparison with the EU General Data Protection Regulation.',
    abstract:
      'تقارن هذه الدراسة المرسوم بقانون اتحادي بشأن حماية البيانات الشخصية في دولة الإمارات باللائحة الأوروبية العامة لحماية البيانات، من حيث نطاق التطبيق وحقوق صاحب البيانات والتزامات المتحكم والعقوبات، وتوصي بتوضيح أحكام نقل البيانات عبر الحدود.',
    researchType: 'master',
    updated: '2026-04-22T08:00:00Z',
  },
  {
    id: 11,
    ownerId: 4,
    categoryId: 7,
    title: 'إدارة المياه الجوفية في المناطق الجافة باستخدام نظم المعلومات الجغرافية',
    titleEn: 'Groundwater Management in Arid Regions Using GIS',
    description: 'نمذجة مكانية لمخزون المياه الجوفية في منطقة العين.',
    descriptionEn: 'Spatial modelling of groundwater reserves in the Al Ain region.',
    abstract:
      'Using remote-sensing data and well records from 1995 to 2025, this research models groundwater depletion in the Al Ain region with geographic information systems and proposes recharge zones and abstraction limits that would stabilise the aquifer within fifteen years.',
    researchType: 'doctorate',
    updated: '2026-10-15T06:30:00Z',
  },
  {
    id: 12,
    ownerId: 1,
    categoryId: 7,
    title: 'مؤشرات الاستدامة في الحرم الجامعي: دراسة حالة',
    titleEn: 'Campus Sustainability Indicators: A Case Study',
    description: 'تقييم أداء حرم جامعي في الطاقة والمياه والنفايات.',
    descriptionEn: 'An assessment of one campus’s energy, water and waste performance.',
    abstract:
      'تقدّم الدراسة إطارًا من 24 مؤشرًا لقياس الاستدامة في الحرم الجامعي يشمل الطاقة والمياه والنفايات والنقل والمناهج، وتطبّقه على حرم جامعي في الشارقة، فتبيّن أن ترشيد استهلاك التكييف وحده يخفّض الانبعاثات بنسبة 18%.',
    researchType: 'general',
    updated: '2026-11-05T10:10:00Z',
  },
];

const LINKEDIN = 'https://linkedin.example/in/';
const X = 'https://x.example/';
const FACEBOOK = 'https://facebook.example/';

export const teamMembers = [
  {
    id: 1,
    name: 'د. فاطمة الزهراني',
    nameEn: 'Dr. Fatima Al Zahrani',
    bio: 'مؤسِّسة المنصة، أستاذة مشاركة في المناهج وطرق التدريس، تهتم بتطوير مهارات البحث لدى طلبة الدراسات العليا.',
    bioEn: 'Founder of the platform and associate professor of curriculum and instruction, focused on research skills for graduate students.',
    university: 'جامعة الإمارات العربية المتحدة - كلية التربية',
    universityEn: 'United Arab Emirates University - College of Education',
    linkedinLink: `${LINKEDIN}fatima-alzahrani`,
    twitterLink: `${X}fatima_alzahrani`,
    facebookLink: null,
  },
  {
    id: 2,
    name: 'أ.د. محمد النعيمي',
    nameEn: 'Prof. Mohammed Al Nuaimi',
    bio: 'أستاذ علوم الحاسوب، يشرف على التطوير التقني للمنصة وعلى أبحاث الذكاء الاصطناعي.',
    bioEn: 'Professor of computer science, overseeing the platform’s technology and its artificial intelligence research.',
    university: 'جامعة الشارقة - كلية الحوسبة والمعلوماتية',
    universityEn: 'University of Sharjah - College of Computing and Informatics',
    linkedinLink: `${LINKEDIN}mohammed-alnuaimi`,
    twitterLink: `${X}m_alnuaimi`,
    facebookLink: `${FACEBOOK}mohammed.alnuaimi`,
  },
  {
    id: 3,
    name: 'د. هند السويدي',
    nameEn: 'Dr. Hind Al Suwaidi',
    bio: 'أستاذة مساعدة في الإعلام الرقمي، مسؤولة عن المحتوى والتواصل مع مجتمع الباحثين.',
    bioEn: 'Assistant professor of digital media, in charge of content and of the researcher community.',
    university: 'جامعة زايد - كلية الاتصال والإعلام',
    universityEn: 'Zayed University - College of Communication and Media Sciences',
    linkedinLink: `${LINKEDIN}hind-alsuwaidi`,
    twitterLink: null,
    facebookLink: null,
  },
  {
    id: 4,
    name: 'د. راشد المهيري',
    nameEn: 'Dr. Rashid Al Muhairi',
    bio: 'أستاذ مشارك في الهندسة المدنية، يرأس لجنة تحكيم أبحاث الهندسة والاستدامة.',
    bioEn: 'Associate professor of civil engineering, chairing the review committee for engineering and sustainability research.',
    university: 'جامعة خليفة - قسم الهندسة المدنية',
    universityEn: 'Khalifa University - Department of Civil Engineering',
    linkedinLink: null,
    twitterLink: null,
    facebookLink: null,
  },
  {
    id: 5,
    name: 'د. آمنة البلوشي',
    nameEn: 'Dr. Amna Al Balushi',
    bio: 'باحثة في الصحة العامة، تنسّق المؤتمرات والندوات الصحية على المنصة.',
    bioEn: 'Public health researcher, coordinating the platform’s health conferences and seminars.',
    university: 'جامعة الشارقة - كلية العلوم الصحية',
    universityEn: 'University of Sharjah - College of Health Sciences',
    linkedinLink: null,
    twitterLink: `${X}amna_albalushi`,
    facebookLink: `${FACEBOOK}amna.albalushi`,
  },
  {
    id: 6,
    name: 'أ. عبدالله الكتبي',
    nameEn: 'Mr. Abdullah Al Ketbi',
    bio: 'مدير العمليات والشراكات مع الجامعات والمكتبات الجامعية.',
    bioEn: 'Head of operations and of partnerships with universities and university libraries.',
    university: 'الجامعة الأمريكية في الشارقة - كلية إدارة الأعمال',
    universityEn: 'American University of Sharjah - School of Business Administration',
    linkedinLink: null,
    twitterLink: null,
    facebookLink: `${FACEBOOK}abdullah.alketbi`,
  },
];

export const ads = [
  {
    id: 1,
    title: 'سجّل الآن في المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي',
    titleEn: 'Register now for the International Conference on AI in Higher Education',
    link: '/conference/1',
  },
  {
    id: 2,
    title: 'شارك بحثك مع آلاف الباحثين عبر منصة تبادل الأبحاث',
    titleEn: 'Share your research with thousands of researchers on the research exchange',
    link: '/research-exchange',
  },
  {
    id: 3,
    title: 'جلسات استشارة أكاديمية مع كل باقة سنوية',
    titleEn: 'Academic consultation sessions come with every yearly plan',
    link: null,
  },
];

export const plans = [
  // Each feature is something the plan gives today (the paywall): a plan sells only what the
  // platform does. The consultation allowance (planConsultationSessions below) is not a feature
  // line: the pricing card writes it from the plan's own number.
  {
    id: 1,
    name: 'الباقة الأساسية',
    nameEn: 'Basic Plan',
    price: 299,
    features: [
      ['الوصول الكامل إلى مكتبة الكتب الإلكترونية', 'Full access to the e-book library'],
      ['تحميل ملفات الأبحاث في مجتمع البحث', 'Download research files in the research community'],
      ['المشاركة في محادثات الأبحاث', 'Take part in research chats'],
    ],
  },
  {
    id: 2,
    name: 'الباقة الاحترافية',
    nameEn: 'Professional Plan',
    price: 699,
    features: [
      ['جميع مزايا الباقة الأساسية', 'Everything in the Basic plan'],
    ],
  },
  {
    id: 3,
    name: 'باقة المؤسسات',
    nameEn: 'Institutional Plan',
    price: 2499,
    features: [
      ['جميع مزايا الباقة الأساسية', 'Everything in the Basic plan'],
    ],
  },
] as const;

export const siteSettings = {
  id: 1,
  facebookUrl: `${FACEBOOK}scholarshub`,
  twitterUrl: `${X}scholarshub`,
  linkedinUrl: `${LINKEDIN.replace('/in/', '/company/')}scholarshub`,
  instagramUrl: 'https://instagram.example/scholarshub',
  youtubeUrl: null,
  contactEmail: 'info@scholars-hub.example',
  contactPhone: '+971 4 000 0000',
  address: 'دبي، الإمارات العربية المتحدة',
  addressEn: 'Dubai, United Arab Emirates',
  madeByName: 'فريق هندسة ملتقى الباحثين',
  madeByNameEn: 'Scholars Hub engineering',
  madeByUrl: 'https://github.example/scholars-hub',
};

/** The home page's questions and answers (spec 2), managed in the console since issue 19. */
export const faqEntries = [
  {
    id: 1,
    question: 'من يمكنه استخدام ملتقى الباحثين؟',
    questionEn: 'Who can use Scholars Hub?',
    answer: 'طلبة الماجستير والدكتوراه والخريجون والباحثون والأكاديميون. يمكن للزوار تصفّح المؤتمرات والخطط، ويتيح الحساب الوصول إلى المجتمع والمكتبة وتقديم الأبحاث.',
    answerEn: 'Master’s and doctoral students, graduates, researchers and academics. Visitors can browse conferences and plans; an account unlocks the community, the library and submissions.',
  },
  {
    id: 2,
    question: 'كم يستغرق تحكيم البحث؟',
    questionEn: 'How long does a research review take?',
    answer: 'نحو أسبوعين إلى ثلاثة أسابيع، ونبلغك عبر البريد الإلكتروني بقبول بحثك أو رفضه.',
    answerEn: 'About 2–3 weeks. You are told by e-mail whether your research was approved or rejected.',
  },
  {
    id: 3,
    question: 'هل يجب أن يعتمد مشرفي عملي؟',
    questionEn: 'Does my supervisor need to approve my work?',
    answer: 'نعم، يعتمد المشرف الأكاديمي أعمال الطلبة قبل إحالتها إلى التحكيم.',
    answerEn: 'Yes. Work by students is approved by their academic supervisor before it goes to review.',
  },
  {
    id: 4,
    question: 'كيف تعمل الاشتراكات؟',
    questionEn: 'How do subscriptions work?',
    answer: 'الخطط سنوية وأسعارها بالدرهم الإماراتي، ويمكنك متابعة خطتك وموعد الفاتورة القادمة والفواتير من ملفك الشخصي.',
    answerEn: 'Plans are yearly and priced in UAE dirhams. You can see your plan, next billing date and invoices in your profile.',
  },
];

// ------------------------------------------------------------------------ consultations (issue 23)
/** Consultation sessions per subscription year of each seeded plan (plan id -> sessions). */
export const planConsultationSessions: Record<number, number> = { 1: 2, 2: 12, 3: 30 };

export interface SeedConsultant {
  /** The account: a seeded academic, found (or made, without a password) by e-mail. */
  user: { name: string; email: string; locale: Locale; gender: 'male' | 'female'; country: string };
  bio: string;
  bioEn: string;
  /** Community category ids (research fields). */
  fields: number[];
  tags: string[];
  tagsEn: string[];
  languages: ConsultationLanguage[];
  timeZone: string;
  sessionMinutes: 30 | 45 | 60 | 90;
  /** Weekly availability in the consultant's zone: weekday (0 = Sunday), start and end minutes. */
  availability: Array<[weekday: number, start: string, end: string]>;
}

/** Four approved consultants on seeded academic accounts, weekday availability in their zones. */
export const consultantSeeds: SeedConsultant[] = [
  {
    user: { name: 'د. سلمى الهاشمي', email: 'salma.alhashimi@scholars-hub.example', locale: 'ar', gender: 'female', country: 'AE' },
    bio: 'أستاذة مشاركة في مناهج البحث التربوي، أشرفت على أكثر من عشرين رسالة ماجستير ودكتوراه، وتساعد الباحثين في صياغة أسئلة البحث واختيار المنهجية المناسبة.',
    bioEn: 'Associate professor of educational research methods who has supervised more than twenty master’s and doctoral theses; helps researchers frame their questions and choose a fitting methodology.',
    fields: [1, 5],
    tags: ['مناهج البحث', 'البحث النوعي', 'اختيار موضوع الرسالة'],
    tagsEn: ['Research methods', 'Qualitative research', 'Choosing a thesis topic'],
    languages: ['ar', 'en'],
    timeZone: 'Asia/Dubai',
    sessionMinutes: 60,
    availability: [
      [0, '09:00', '13:00'],
      [1, '09:00', '13:00'],
      [2, '09:00', '13:00'],
      [3, '09:00', '13:00'],
      [4, '09:00', '12:00'],
    ],
  },
  {
    user: { name: 'د. خالد النعيمي', email: 'khalid.alnuaimi@scholars-hub.example', locale: 'ar', gender: 'male', country: 'AE' },
    bio: 'أستاذ مساعد في علوم الحاسوب، يعمل في الذكاء الاصطناعي وتعلم الآلة، ويراجع أوراق المؤتمرات الهندسية ويساعد في إعداد التجارب وتحليل نتائجها.',
    bioEn: 'Assistant professor of computer science working on artificial intelligence and machine learning; reviews engineering conference papers and helps with experiment design and result analysis.',
    fields: [2],
    tags: ['الذكاء الاصطناعي', 'تعلم الآلة', 'أوراق المؤتمرات'],
    tagsEn: ['Artificial intelligence', 'Machine learning', 'Conference papers'],
    languages: ['ar', 'en'],
    timeZone: 'Asia/Dubai',
    sessionMinutes: 45,
    availability: [
      [1, '16:00', '19:00'],
      [2, '16:00', '19:00'],
      [3, '16:00', '19:00'],
      [4, '16:00', '19:00'],
    ],
  },
  {
    user: { name: 'Dr. Emily Carter', email: 'emily.carter@scholars-hub.example', locale: 'en', gender: 'female', country: 'GB' },
    bio: 'محاضرة في الإحصاء الحيوي بجامعة بريطانية، تساعد طلاب الدراسات العليا في تصميم الدراسات وحساب حجم العينة وتحليل البيانات والرد على ملاحظات المحكّمين.',
    bioEn: 'Lecturer in biostatistics at a UK university; helps graduate students with study design, sample size, data analysis and answering reviewers’ comments.',
    fields: [3, 4],
    tags: ['الإحصاء', 'تحليل البيانات', 'الرد على المحكّمين'],
    tagsEn: ['Statistics', 'Data analysis', 'Answering reviewers'],
    languages: ['en'],
    timeZone: 'Europe/London',
    sessionMinutes: 60,
    availability: [
      [1, '10:00', '12:00'],
      [1, '14:00', '16:00'],
      [2, '10:00', '12:00'],
      [3, '10:00', '12:00'],
      [4, '14:00', '16:00'],
      [5, '10:00', '12:00'],
    ],
  },
  {
    user: { name: 'د. نورة الكعبي', email: 'noura.alkaabi@scholars-hub.example', locale: 'ar', gender: 'female', country: 'AE' },
    bio: 'باحثة في اقتصاديات الاستدامة والطاقة المتجددة، تساعد في بناء الإطار النظري ومراجعة الأدبيات وكتابة مقترحات البحث.',
    bioEn: 'Researcher in sustainability economics and renewable energy; helps with theoretical frameworks, literature reviews and research proposals.',
    fields: [4, 7],
    tags: ['الاستدامة', 'مراجعة الأدبيات', 'مقترح البحث'],
    tagsEn: ['Sustainability', 'Literature review', 'Research proposal'],
    languages: ['ar'],
    timeZone: 'Asia/Dubai',
    sessionMinutes: 30,
    availability: [
      [0, '10:00', '12:00'],
      [2, '10:00', '12:00'],
      [3, '18:00', '20:00'],
    ],
  },
];

/**
 * The about page and the privacy policy (specs 1 and 2), texts of the shell before and managed in the
 * console since issue 19 (site pages): the shared schemas' shapes (site-pages.ts), Arabic unsuffixed.
 */
export const sitePages = [
  {
    id: 1,
    slug: 'about',
    content: {
      lead: 'ملتقى الباحثين منصة ثنائية اللغة لطلبة الماجستير والدكتوراه والباحثين والأكاديميين في دولة الإمارات.',
      lead_en: 'Scholars Hub is a bilingual home for master’s and doctoral students, researchers and academics in the UAE.',
      founder_message:
        'حين ناقشت أطروحتي، لم يكن البحث نفسه هو الأصعب، بل العثور على الجمهور المناسب والمحكّمين المناسبين والمؤتمر المناسب. وُجد ملتقى الباحثين كي لا يعمل أي باحث في منطقتنا وحيدًا: هنا تعرض عملك، ويُحكَّم بعدل وسرعة، وتناقشه مع زملائك، وتقرأ ما كتبه غيرك، بالعربية والإنجليزية.',
      founder_message_en:
        'When I defended my own thesis, the hardest part was not the research but finding the right audience, the right reviewers and the right conference. Scholars Hub exists so that no researcher in our region works alone: here you can present your work, have it reviewed fairly and quickly, discuss it with peers and read what others have written, in Arabic and in English.',
      founder_name: 'د. فاطمة الزهراني، المؤسِّسة',
      founder_name_en: 'Dr. Fatima Al Zahrani, founder',
      mission: 'أن نمنح كل باحث في الإمارات والعالم العربي طريقًا عادلًا وسريعًا وثنائي اللغة من الفكرة إلى عمل منشور ومُناقَش.',
      mission_en: 'To give every researcher in the UAE and the Arab world a fair, fast and bilingual path from idea to published, discussed work.',
      vision: 'مجتمع بحثي عربي مترابط يُقرأ عمله ويُستشهد به ويُبنى عليه في أنحاء العالم.',
      vision_en: 'A connected Arab research community whose work is read, cited and built upon around the world.',
      objectives: [
        { text: 'تنظيم المؤتمرات والفعاليات الأكاديمية عن بُعد وحضوريًا وبشكل مدمج، ببرامج محكّمة.', text_en: 'Organize academic conferences and events, online, on-site and hybrid, with peer-reviewed programmes.' },
        { text: 'تحكيم الأبحاث المقدّمة خلال أسبوعين إلى ثلاثة أسابيع، مع اعتماد المشرفين لأعمال طلبتهم.', text_en: 'Review submitted research within 2–3 weeks, with supervisors approving their students’ work.' },
        { text: 'إتاحة نقاش مباشر ومحترم حول كل بحث معتمد.', text_en: 'Keep a live, respectful discussion around every approved research.' },
        { text: 'فتح الكتب الإلكترونية ومكتبات الجامعات أمام الطلبة والباحثين باللغتين.', text_en: 'Open e-books and university libraries to students and researchers in both languages.' },
        { text: 'تقديم الاستشارات الأكاديمية ونشرة بريدية تُبقي الباحثين على اطلاع.', text_en: 'Offer academic consultation and a newsletter that keeps researchers informed.' },
      ],
    },
  },
  {
    id: 2,
    slug: 'privacy',
    content: {
      sections: [
        {
          title: 'الالتزام بقوانين دولة الإمارات والرأي العام',
          title_en: 'Compliance with UAE law and public opinion',
          body: 'يجب أن يلتزم كل ما يُنشر على المنصة بقوانين دولة الإمارات العربية المتحدة وأن يحترم الرأي العام والآداب العامة.',
          body_en: 'Everything published on the platform must comply with the laws of the United Arab Emirates and respect public opinion and morals.',
        },
        {
          title: 'مسؤوليتك عن المحتوى',
          title_en: 'Your responsibility for your content',
          body: 'أنت مسؤول عن الأبحاث والرسائل والملفات التي تنشرها، وعن امتلاكك لحقوقها.',
          body_en: 'You are responsible for the research, messages and files you publish, and for holding the rights to them.',
        },
        {
          title: 'حقنا في المراجعة والحذف',
          title_en: 'Our right to review and remove',
          body: 'يحق للمنصة مراجعة أي محتوى وحذف ما يخالف هذه السياسة، وإيقاف حسابات من يكرر المخالفة.',
          body_en: 'The platform may review any content and remove content that breaks this policy, and may suspend the accounts of repeat offenders.',
        },
        {
          title: 'حظر إعادة النشر دون إذن',
          title_en: 'No republishing without permission',
          body: 'لا يجوز إعادة نشر محتوى المنصة أو نسخه أو توزيعه دون إذن من صاحبه ومن المنصة.',
          body_en: 'Content on the platform may not be republished, copied or redistributed without the permission of its author and of the platform.',
        },
        {
          title: 'حظر جمع البيانات',
          title_en: 'No data harvesting',
          body: 'يُحظر جمع بيانات المستخدمين أو محتواهم بوسائل آلية (الكشط أو الزحف أو التنزيل الجماعي).',
          body_en: 'Collecting users’ data or content by automated means (scraping, crawling, bulk downloading) is forbidden.',
        },
        {
          title: 'السلوك المهني والأمانة',
          title_en: 'Professional and honest behaviour',
          body: 'يلتزم المستخدمون بالسلوك المهني والأمانة: لا انتحال ولا سرقة علمية ولا مضايقة ولا معلومات مضللة.',
          body_en: 'Users behave professionally and honestly: no plagiarism, impersonation, harassment or misleading information.',
        },
        {
          title: 'إخلاء المسؤولية',
          title_en: 'Disclaimers',
          body: 'لا تتحمل المنصة مسؤولية إساءة المستخدمين استخدام خدماتها، ولا الأعطال التقنية، ولا الأضرار الناتجة عن هجمات إلكترونية خارجة عن سيطرتها المعقولة.',
          body_en: 'The platform is not liable for misuse of its services by users, for technical failures, or for damage caused by cyberattacks beyond its reasonable control.',
        },
        {
          title: 'القبول بالاستخدام',
          title_en: 'Acceptance by use',
          body: 'باستخدامك المنصة فإنك توافق على هذه السياسة.',
          body_en: 'By using the platform you accept this policy.',
        },
        {
          title: 'التعديلات',
          title_en: 'Amendments',
          body: 'يحق للإدارة تعديل هذه السياسة في أي وقت، وستُبلغ المستخدمين بالتغييرات.',
          body_en: 'Management may amend this policy at any time and will notify users of changes.',
        },
        {
          title: 'بياناتك الشخصية',
          title_en: 'Your personal data',
          body: 'نحافظ على خصوصية بريدك الإلكتروني وهاتفك ما لم تختر إظهارهما في ملفك العام، ونخزّن كلمات المرور بتجزئة مقاومة للهجمات فقط، ونستخدم بياناتك لتشغيل الخدمات التي تستخدمها فقط. ويحفظ ملفّا تعريف ارتباط لغتك والمظهر الذي اخترته لتُفتح الصفحات بهما، ولا يحملان شيئًا غير ذلك.',
          body_en: 'We keep your e-mail and phone private unless you choose to show them on your public profile, store passwords only as memory-hard hashes, and use your data only to run the services you use. Two preference cookies remember your language and theme so that pages open in them; they carry nothing else.',
        },
      ],
    },
  },
];
