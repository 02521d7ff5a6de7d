/**
 * The library part of the seed (issue 5): university libraries of the UAE and the region, e-books,
 * theses and research of the university collections, and the seeded approved research published
 * in the library. Every item has a small real PDF generated here (no external files): books under
 * `private/library/<id>.pdf`, research under `private/research/<id>.pdf` (seed-assets.ts).
 * Universities are real institutions named for realism; authors and works are fictional.
 */
import { buildSearchText } from '../lib/arabic-search';
import * as data from './seed-data';
import type { Locale } from '@scholars/shared-contracts/locale';
import { slug } from '../lib/uploads';

export interface SeedUniversity {
  id: number;
  name: string;
  nameEn: string;
  country: string;
  countryEn: string;
  description: string;
  descriptionEn: string;
  initials: string;
}

export const universities: SeedUniversity[] = [
  {
    id: 1,
    name: 'جامعة الإمارات العربية المتحدة',
    nameEn: 'United Arab Emirates University',
    country: 'الإمارات العربية المتحدة',
    countryEn: 'United Arab Emirates',
    description: 'الجامعة الوطنية الأولى في الدولة، في مدينة العين، ومكتبتها من أكبر المكتبات الأكاديمية في المنطقة.',
    descriptionEn: "The country's first national university, in Al Ain, with one of the largest academic libraries in the region.",
    initials: 'UAEU',
  },
  {
    id: 2,
    name: 'جامعة خليفة',
    nameEn: 'Khalifa University',
    country: 'الإمارات العربية المتحدة',
    countryEn: 'United Arab Emirates',
    description: 'جامعة بحثية في أبوظبي تركّز على العلوم والهندسة والطب.',
    descriptionEn: 'A research university in Abu Dhabi focused on science, engineering and medicine.',
    initials: 'KU',
  },
  {
    id: 3,
    name: 'جامعة الشارقة',
    nameEn: 'University of Sharjah',
    country: 'الإمارات العربية المتحدة',
    countryEn: 'United Arab Emirates',
    description: 'جامعة شاملة في المدينة الجامعية بالشارقة، تضم كليات للقانون والشريعة والعلوم الصحية.',
    descriptionEn: 'A comprehensive university in Sharjah University City, with colleges of law, sharia and health sciences.',
    initials: 'UOS',
  },
  {
    id: 4,
    name: 'جامعة زايد',
    nameEn: 'Zayed University',
    country: 'الإمارات العربية المتحدة',
    countryEn: 'United Arab Emirates',
    description: 'جامعة حكومية في دبي وأبوظبي تهتم بالتعليم والاتصال والأعمال.',
    descriptionEn: 'A public university in Dubai and Abu Dhabi known for education, communication and business.',
    initials: 'ZU',
  },
  {
    id: 5,
    name: 'الجامعة الأمريكية في الشارقة',
    nameEn: 'American University of Sharjah',
    country: 'الإمارات العربية المتحدة',
    countryEn: 'United Arab Emirates',
    description: 'جامعة تتبع النموذج الأمريكي في التعليم العالي، قوية في الهندسة والعمارة.',
    descriptionEn: 'A university on the American model of higher education, strong in engineering and architecture.',
    initials: 'AUS',
  },
  {
    id: 6,
    name: 'جامعة السلطان قابوس',
    nameEn: 'Sultan Qaboos University',
    country: 'سلطنة عُمان',
    countryEn: 'Oman',
    description: 'الجامعة الحكومية في مسقط، ومكتبتها الرئيسية مرجع للباحثين في عُمان.',
    descriptionEn: 'The public university in Muscat, whose main library serves researchers across Oman.',
    initials: 'SQU',
  },
  {
    id: 7,
    name: 'جامعة الملك سعود',
    nameEn: 'King Saud University',
    country: 'المملكة العربية السعودية',
    countryEn: 'Saudi Arabia',
    description: 'أقدم جامعات المملكة العربية السعودية، في الرياض.',
    descriptionEn: 'The oldest university of Saudi Arabia, in Riyadh.',
    initials: 'KSU',
  },
  {
    id: 8,
    name: 'جامعة القاهرة',
    nameEn: 'Cairo University',
    country: 'جمهورية مصر العربية',
    countryEn: 'Egypt',
    description: 'من أعرق الجامعات العربية، ومكتبتها المركزية تضم رسائل جامعية منذ أكثر من قرن.',
    descriptionEn: 'One of the oldest Arab universities; its central library holds theses going back more than a century.',
    initials: 'CU',
  },
  {
    id: 9,
    name: 'الجامعة الأردنية',
    nameEn: 'The University of Jordan',
    country: 'المملكة الأردنية الهاشمية',
    countryEn: 'Jordan',
    description: 'أكبر الجامعات الأردنية وأقدمها، في عمّان.',
    descriptionEn: 'The largest and oldest university of Jordan, in Amman.',
    initials: 'UJ',
  },
];

export type SeedDocType = 'book' | 'master_thesis' | 'doctoral_thesis' | 'research';

export interface SeedLibraryItem {
  id: number;
  collection: 'ebooks' | 'university';
  docType: SeedDocType;
  /** Null: shown as 'General'. */
  categoryId: number | null;
  /** Null: no university is shown. */
  universityId: number | null;
  title: string;
  titleEn: string;
  author: string;
  authorEn: string;
  abstract: string;
  abstractEn: string;
  year: number;
  language: Locale;
  publisher?: string;
  publisherEn?: string;
  /** First 12 digits of an ISBN-13; the check digit is computed. */
  isbn12?: string;
  pages: number;
  keywords: string[];
  updated: string;
}

/** ISBN-13 with its check digit, hyphenated after the prefix (978-9948-...). */
export function isbn13(first12: string): string {
  const digits = [...first12].map(Number);
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  const check = (10 - (sum % 10)) % 10;
  return `${first12.slice(0, 3)}-${first12.slice(3, 7)}-${first12.slice(7, 9)}-${first12.slice(9, 12)}-${check}`;
}

export const libraryItems: SeedLibraryItem[] = [
  // ------------------------------------------------------------------ e-books
  {
    id: 1,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 2,
    universityId: 2,
    title: 'مقدمة في تعلّم الآلة',
    titleEn: 'An Introduction to Machine Learning',
    author: 'د. خالد النعيمي',
    authorEn: 'Khalid Al Nuaimi',
    abstract: 'كتاب تمهيدي يشرح مفاهيم تعلّم الآلة الأساسية: الانحدار والتصنيف والتجميع وتقييم النماذج، مع أمثلة عملية على بيانات عربية.',
    abstractEn: 'An introductory book on the core ideas of machine learning: regression, classification, clustering and model evaluation, with worked examples on Arabic data.',
    year: 2023,
    language: 'ar',
    publisher: 'دار جامعة خليفة للنشر',
    publisherEn: 'Khalifa University Press',
    isbn12: '978994800101',
    pages: 312,
    keywords: ['تعلم الآلة', 'machine learning', 'ذكاء اصطناعي'],
    updated: '2026-10-20T09:00:00Z',
  },
  {
    id: 2,
    collection: 'ebooks',
    docType: 'book',
    categoryId: null,
    universityId: 6,
    title: 'أساسيات البحث العلمي ومناهجه',
    titleEn: 'Foundations of Scientific Research and Its Methods',
    author: 'د. عائشة البلوشي',
    authorEn: 'Aisha Al Balushi',
    abstract: 'دليل للباحثين المبتدئين في صياغة مشكلة البحث وبناء الفرضيات واختيار المنهج وجمع البيانات وتحليلها وكتابة التقرير.',
    abstractEn: 'A guide for new researchers on framing a research problem, building hypotheses, choosing a method, collecting and analysing data and writing the report.',
    year: 2021,
    language: 'ar',
    publisher: 'مطبعة جامعة السلطان قابوس',
    publisherEn: 'Sultan Qaboos University Press',
    isbn12: '978996900214',
    pages: 248,
    keywords: ['مناهج البحث', 'research methods'],
    updated: '2026-10-18T09:00:00Z',
  },
  {
    id: 3,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 7,
    universityId: 1,
    title: 'الإدارة المستدامة للمياه في المناطق الجافة',
    titleEn: 'Sustainable Water Management in Arid Regions',
    author: 'أ.د. عمر حداد',
    authorEn: 'Omar Haddad',
    abstract: 'يعرض الكتاب أساليب إدارة الموارد المائية في البيئات الجافة، من تحلية المياه وإعادة استخدامها إلى تغذية الخزانات الجوفية.',
    abstractEn: 'Approaches to managing water resources in arid environments, from desalination and reuse to aquifer recharge, with case studies from the Gulf.',
    year: 2022,
    language: 'en',
    publisher: 'دار جامعة الإمارات للنشر',
    publisherEn: 'UAEU Press',
    isbn12: '978994801230',
    pages: 276,
    keywords: ['water', 'desalination', 'المياه'],
    updated: '2026-10-15T09:00:00Z',
  },
  {
    id: 4,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 1,
    universityId: 4,
    title: 'التعليم الرقمي في الخليج العربي: الواقع والآفاق',
    titleEn: 'Digital Education in the Arab Gulf: Reality and Prospects',
    author: 'د. مريم السويدي',
    authorEn: 'Maryam Al Suwaidi',
    abstract: 'قراءة في تجارب التحول الرقمي في مدارس وجامعات دول الخليج العربي بعد عام 2020، وما تعلّمته الأنظمة التعليمية منها.',
    abstractEn: 'A reading of the digital transformation of schools and universities in the Gulf states after 2020, and what education systems learned from it.',
    year: 2024,
    language: 'ar',
    publisher: 'دار جامعة زايد',
    publisherEn: 'Zayed University Publishing',
    pages: 198,
    keywords: ['التعليم الرقمي', 'e-learning'],
    updated: '2026-10-12T09:00:00Z',
  },
  {
    id: 5,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 4,
    universityId: null,
    title: 'مبادئ التمويل الإسلامي',
    titleEn: 'Principles of Islamic Finance',
    author: 'د. يوسف رحمن',
    authorEn: 'Yusuf Rahman',
    abstract: 'شرح لأدوات التمويل الإسلامي كالمرابحة والإجارة والصكوك، وضوابطها الشرعية، ومقارنتها بالأدوات التقليدية.',
    abstractEn: 'The instruments of Islamic finance (murabaha, ijara, sukuk), their sharia principles, and how they compare with conventional instruments.',
    year: 2020,
    language: 'en',
    publisherEn: 'Gulf Academic Publishing',
    publisher: 'النشر الأكاديمي الخليجي',
    isbn12: '978994802004',
    pages: 224,
    keywords: ['Islamic finance', 'sukuk', 'الصكوك'],
    updated: '2026-10-10T09:00:00Z',
  },
  {
    id: 6,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 3,
    universityId: 7,
    title: 'الصحة العامة والأمراض المزمنة في المجتمعات العربية',
    titleEn: 'Public Health and Chronic Disease in Arab Communities',
    author: 'د. ليلى الحسيني',
    authorEn: 'Layla Al Husseini',
    abstract: 'يتناول الكتاب انتشار السكري وأمراض القلب والسمنة في المجتمعات العربية، وبرامج الوقاية التي أثبتت نجاحها.',
    abstractEn: 'The prevalence of diabetes, heart disease and obesity in Arab societies, and the prevention programmes that have worked.',
    year: 2022,
    language: 'ar',
    publisher: 'دار جامعة الملك سعود للنشر',
    publisherEn: 'King Saud University Press',
    pages: 264,
    keywords: ['الصحة العامة', 'السكري', 'public health'],
    updated: '2026-10-08T09:00:00Z',
  },
  {
    id: 7,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 2,
    universityId: 5,
    title: 'معالجة اللغة العربية الطبيعية: دليل عملي',
    titleEn: 'Arabic Natural Language Processing: A Practical Guide',
    author: 'د. حسن درويش',
    authorEn: 'Hassan Darwish',
    abstract: 'دليل تطبيقي لمعالجة النصوص العربية: التقطيع والتشكيل والتحليل الصرفي ونماذج اللغة الكبيرة.',
    abstractEn: 'A hands-on guide to processing Arabic text: tokenisation, diacritisation, morphological analysis and large language models.',
    year: 2024,
    language: 'en',
    publisherEn: 'AUS Press',
    publisher: 'مطبعة الجامعة الأمريكية في الشارقة',
    isbn12: '978994803412',
    pages: 340,
    keywords: ['NLP', 'معالجة اللغة', 'Arabic'],
    updated: '2026-10-06T09:00:00Z',
  },
  {
    id: 8,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 5,
    universityId: 1,
    title: 'تاريخ الإمارات الحديث والمعاصر',
    titleEn: 'Modern and Contemporary History of the UAE',
    author: 'د. سعيد الكتبي',
    authorEn: 'Saeed Al Ketbi',
    abstract: 'تاريخ دولة الإمارات العربية المتحدة من الإمارات المتصالحة إلى قيام الاتحاد عام 1971 وما بعده.',
    abstractEn: 'The history of the United Arab Emirates from the Trucial States to the founding of the federation in 1971 and beyond.',
    year: 2019,
    language: 'ar',
    publisher: 'دار جامعة الإمارات للنشر',
    publisherEn: 'UAEU Press',
    pages: 356,
    keywords: ['تاريخ', 'الاتحاد', 'history'],
    updated: '2026-10-04T09:00:00Z',
  },
  {
    id: 9,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 6,
    universityId: 3,
    title: 'مدخل إلى القانون المقارن في دول الخليج',
    titleEn: 'An Introduction to Comparative Law in the Gulf States',
    author: 'د. نورة القاسمي',
    authorEn: 'Noura Al Qasimi',
    abstract: 'مقارنة بين الأنظمة القانونية في دول مجلس التعاون الخليجي في القانون المدني والتجاري والأحوال الشخصية.',
    abstractEn: 'A comparison of the legal systems of the GCC states in civil, commercial and personal status law.',
    year: 2021,
    language: 'en',
    publisherEn: 'University of Sharjah Press',
    publisher: 'دار جامعة الشارقة',
    pages: 290,
    keywords: ['comparative law', 'القانون'],
    updated: '2026-10-02T09:00:00Z',
  },
  {
    id: 10,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 3,
    universityId: 2,
    title: 'الذكاء الاصطناعي في الرعاية الصحية',
    titleEn: 'Artificial Intelligence in Healthcare',
    author: 'د. فاطمة المنصوري',
    authorEn: 'Fatima Al Mansoori',
    abstract: 'تطبيقات الذكاء الاصطناعي في التشخيص بالصور الطبية ومتابعة المرضى عن بعد، وأخلاقيات استخدامها.',
    abstractEn: 'Uses of artificial intelligence in medical imaging diagnosis and remote patient monitoring, and the ethics of their use.',
    year: 2025,
    language: 'ar',
    publisher: 'دار جامعة خليفة للنشر',
    publisherEn: 'Khalifa University Press',
    pages: 230,
    keywords: ['الذكاء الاصطناعي', 'healthcare'],
    updated: '2026-09-30T09:00:00Z',
  },
  {
    id: 11,
    collection: 'ebooks',
    docType: 'book',
    categoryId: null,
    universityId: null,
    title: 'كتابة الأوراق الأكاديمية بالإنجليزية: دليل للباحثين العرب',
    titleEn: 'Writing Academic Papers in English: A Guide for Arab Researchers',
    author: 'د. سارة تومسون',
    authorEn: 'Sarah Thompson',
    abstract: 'إرشادات عملية لكتابة الورقة العلمية بالإنجليزية: البنية والأسلوب والاقتباس والرد على المحكّمين.',
    abstractEn: 'Practical advice on writing a research paper in English: structure, style, citation and answering reviewers.',
    year: 2023,
    language: 'en',
    publisherEn: 'Scholars Hub Editions',
    publisher: 'إصدارات ملتقى الباحثين',
    pages: 176,
    keywords: ['academic writing', 'الكتابة الأكاديمية'],
    updated: '2026-09-28T09:00:00Z',
  },
  {
    id: 12,
    collection: 'ebooks',
    docType: 'book',
    categoryId: 7,
    universityId: 8,
    title: 'الطاقة المتجددة في الشرق الأوسط',
    titleEn: 'Renewable Energy in the Middle East',
    author: 'م. راشد الظاهري',
    authorEn: 'Rashid Al Dhaheri',
    abstract: 'واقع الطاقة الشمسية وطاقة الرياح في دول الشرق الأوسط، ومشروعاتها الكبرى، والسياسات الداعمة لها.',
    abstractEn: 'Solar and wind energy in the Middle East today, its flagship projects and the policies behind them.',
    year: 2022,
    language: 'ar',
    publisher: 'دار جامعة القاهرة',
    publisherEn: 'Cairo University Press',
    pages: 208,
    keywords: ['الطاقة الشمسية', 'renewable energy'],
    updated: '2026-09-26T09:00:00Z',
  },
  // ------------------------------------------------------------------ university libraries
  {
    id: 13,
    collection: 'university',
    docType: 'master_thesis',
    categoryId: 4,
    universityId: 1,
    title: 'أثر القيادة التحويلية على الأداء المؤسسي في الجهات الحكومية بدولة الإمارات',
    titleEn: 'The Effect of Transformational Leadership on Institutional Performance in UAE Government Entities',
    author: 'حمدان الشامسي',
    authorEn: 'Hamdan Al Shamsi',
    abstract: 'رسالة ماجستير تدرس العلاقة بين أبعاد القيادة التحويلية ومؤشرات الأداء المؤسسي في عينة من 18 جهة حكومية.',
    abstractEn: "A master's thesis on the relationship between the dimensions of transformational leadership and performance indicators in 18 government entities.",
    year: 2023,
    language: 'ar',
    pages: 142,
    keywords: ['القيادة التحويلية', 'leadership'],
    updated: '2026-10-21T09:00:00Z',
  },
  {
    id: 14,
    collection: 'university',
    docType: 'doctoral_thesis',
    categoryId: 2,
    universityId: 2,
    title: 'نماذج التعلّم العميق للتعرّف على الخط العربي المكتوب باليد',
    titleEn: 'Deep Learning Models for Arabic Handwriting Recognition',
    author: 'د. آمنة الحمادي',
    authorEn: 'Amna Al Hammadi',
    abstract: 'أطروحة دكتوراه تقارن معماريات التعلّم العميق للتعرّف على الخط العربي اليدوي وتقترح نموذجًا قائمًا على المحوّلات.',
    abstractEn: 'A doctoral dissertation comparing deep learning architectures for Arabic handwriting recognition and proposing a transformer-based model.',
    year: 2022,
    language: 'en',
    pages: 214,
    keywords: ['deep learning', 'OCR', 'الخط العربي'],
    updated: '2026-10-19T09:00:00Z',
  },
  {
    id: 15,
    collection: 'university',
    docType: 'master_thesis',
    categoryId: 7,
    universityId: 3,
    title: 'آثار مياه الرجيع الناتجة عن تحلية المياه على الحياة البحرية في الخليج العربي',
    titleEn: 'Impacts of Desalination Brine on Marine Life in the Arabian Gulf',
    author: 'خالد المزروعي',
    authorEn: 'Khalid Al Mazrouei',
    abstract: 'رسالة ماجستير ترصد أثر ارتفاع الملوحة ودرجة الحرارة قرب محطات التحلية على الشعاب المرجانية والأسماك.',
    abstractEn: "A master's thesis measuring how higher salinity and temperature near desalination plants affect corals and fish.",
    year: 2021,
    language: 'en',
    pages: 118,
    keywords: ['desalination', 'marine', 'التحلية'],
    updated: '2026-10-17T09:00:00Z',
  },
  {
    id: 16,
    collection: 'university',
    docType: 'doctoral_thesis',
    categoryId: 6,
    universityId: 3,
    title: 'الاجتهاد القضائي في قانون الأحوال الشخصية الإماراتي',
    titleEn: 'Judicial Reasoning in the UAE Personal Status Law',
    author: 'د. عبدالله الزعابي',
    authorEn: 'Abdullah Al Zaabi',
    abstract: 'أطروحة دكتوراه تحلل أحكام المحاكم الاتحادية في مسائل الأحوال الشخصية ومدى اتساقها مع مقاصد الشريعة.',
    abstractEn: 'A doctoral dissertation analysing federal court rulings on personal status matters and their consistency with the aims of sharia.',
    year: 2020,
    language: 'ar',
    pages: 260,
    keywords: ['الأحوال الشخصية', 'القضاء'],
    updated: '2026-10-14T09:00:00Z',
  },
  {
    id: 17,
    collection: 'university',
    docType: 'research',
    categoryId: 3,
    universityId: 6,
    title: 'انتشار نقص فيتامين د بين طلبة الجامعات في سلطنة عُمان',
    titleEn: 'Prevalence of Vitamin D Deficiency among University Students in Oman',
    author: 'د. سالم الحارثي',
    authorEn: 'Salim Al Harthy',
    abstract: 'دراسة مقطعية على 620 طالبًا وطالبة تبيّن أن نحو ثلثيهم يعانون نقصًا في فيتامين د، مع عوامل خطر مرتبطة بنمط الحياة.',
    abstractEn: 'A cross-sectional study of 620 students finding that about two thirds are vitamin D deficient, with lifestyle-related risk factors.',
    year: 2023,
    language: 'en',
    pages: 24,
    keywords: ['vitamin D', 'فيتامين د'],
    updated: '2026-10-11T09:00:00Z',
  },
  {
    id: 18,
    collection: 'university',
    docType: 'master_thesis',
    categoryId: 1,
    universityId: 7,
    title: 'توظيف الألعاب التعليمية في تدريس الرياضيات للمرحلة الابتدائية',
    titleEn: 'Using Educational Games to Teach Mathematics in Primary School',
    author: 'نوف العتيبي',
    authorEn: 'Nouf Al Otaibi',
    abstract: 'رسالة ماجستير تقيس أثر الألعاب التعليمية الرقمية على تحصيل تلاميذ الصف الرابع في الرياضيات واتجاهاتهم نحوها.',
    abstractEn: "A master's thesis measuring the effect of digital educational games on fourth-grade pupils' mathematics achievement and attitudes.",
    year: 2024,
    language: 'ar',
    pages: 126,
    keywords: ['الألعاب التعليمية', 'الرياضيات'],
    updated: '2026-10-09T09:00:00Z',
  },
  {
    id: 19,
    collection: 'university',
    docType: 'doctoral_thesis',
    categoryId: 2,
    universityId: 8,
    title: 'موثوقية الشبكات الذكية في ظل الانتشار الواسع للطاقة الشمسية',
    titleEn: 'Smart Grid Reliability under High Solar Penetration',
    author: 'د. أحمد فوزي',
    authorEn: 'Ahmed Fawzy',
    abstract: 'أطروحة دكتوراه تقترح أساليب للتحكم في استقرار الشبكة الكهربائية عندما تتجاوز حصة الطاقة الشمسية 40%.',
    abstractEn: 'A doctoral dissertation proposing control methods that keep the power grid stable when solar exceeds 40% of supply.',
    year: 2021,
    language: 'en',
    pages: 198,
    keywords: ['smart grid', 'solar', 'الشبكات الذكية'],
    updated: '2026-10-07T09:00:00Z',
  },
  {
    id: 20,
    collection: 'university',
    docType: 'research',
    categoryId: 5,
    universityId: 9,
    title: 'الهوية الثقافية لدى الشباب العربي في عصر وسائل التواصل الاجتماعي',
    titleEn: 'Cultural Identity of Arab Youth in the Social Media Era',
    author: 'د. رنا الخطيب',
    authorEn: 'Rana Al Khatib',
    abstract: 'بحث ميداني على شباب من خمس دول عربية يرصد أثر وسائل التواصل الاجتماعي على اللغة والانتماء والقيم.',
    abstractEn: 'A field study of young people in five Arab countries on how social media shapes language, belonging and values.',
    year: 2022,
    language: 'ar',
    pages: 32,
    keywords: ['الهوية', 'وسائل التواصل', 'identity'],
    updated: '2026-10-05T09:00:00Z',
  },
  {
    id: 21,
    collection: 'university',
    docType: 'master_thesis',
    categoryId: 4,
    universityId: 4,
    title: 'ثقة المستهلك في الدفع عبر الهاتف المحمول في دولة الإمارات',
    titleEn: 'Consumer Trust in Mobile Payments in the UAE',
    author: 'مريم العلي',
    authorEn: 'Mariam Al Ali',
    abstract: 'رسالة ماجستير تختبر نموذجًا لعوامل الثقة في تطبيقات الدفع بالهاتف المحمول على عينة من 410 مستخدمين.',
    abstractEn: "A master's thesis testing a model of trust factors in mobile payment apps with 410 users.",
    year: 2025,
    language: 'en',
    pages: 104,
    keywords: ['mobile payments', 'trust', 'الدفع الإلكتروني'],
    updated: '2026-10-03T09:00:00Z',
  },
  {
    id: 22,
    collection: 'university',
    docType: 'research',
    categoryId: null,
    universityId: 1,
    title: 'التراث المعماري في مدينة العين: دراسة توثيقية',
    titleEn: 'The Architectural Heritage of Al Ain: A Documentary Study',
    author: 'د. سلطان النيادي',
    authorEn: 'Sultan Al Neyadi',
    abstract: 'توثيق للقلاع والحصون والمساكن التقليدية في مدينة العين، وطرق بنائها، ومشروعات ترميمها.',
    abstractEn: 'A record of the forts and traditional houses of Al Ain, how they were built and how they are being restored.',
    year: 2020,
    language: 'ar',
    pages: 40,
    keywords: ['التراث', 'العمارة', 'heritage'],
    updated: '2026-10-01T09:00:00Z',
  },
];

/** Library ids of the seeded approved research (published in the university libraries tab). */
export const RESEARCH_LIBRARY_ID_OFFSET = 100;

/** The university of each seeded research author (null: none shown). */
const AUTHOR_UNIVERSITY: Record<number, number | null> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: null };

const hasArabic = (text: string) => /[\u0600-\u06ff]/.test(text);

export const researchDocType = (type: 'master' | 'doctorate' | 'general'): SeedDocType =>
  type === 'master' ? 'master_thesis' : type === 'doctorate' ? 'doctoral_thesis' : 'research';

/** The rows of `universities` and `ebooks`; `sizes` gives the byte size of each seed file. */
export function libraryRows(sizes: Map<string, number>) {
  const universityRows = universities.map((u, index) => ({
    id: u.id,
    name: u.name,
    nameEn: u.nameEn,
    country: u.country,
    countryEn: u.countryEn,
    description: u.description,
    descriptionEn: u.descriptionEn,
    logo: `public/images/universities/${u.id}.svg`,
    sortOrder: index + 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  }));
  const universityName = new Map(universities.map((u) => [u.id, u]));
  const categoryName = new Map(data.communityCategories.map((c) => [c.id, c]));

  const books = libraryItems.map((item) => {
    const updated = new Date(item.updated);
    const university = item.universityId ? universityName.get(item.universityId) : undefined;
    const category = item.categoryId ? categoryName.get(item.categoryId) : undefined;
    const filePath = `private/library/${item.id}.pdf`;
    return {
      id: item.id,
      collection: item.collection,
      docType: item.docType,
      researchId: null,
      categoryId: item.categoryId,
      universityId: item.universityId,
      title: item.title,
      titleEn: item.titleEn,
      author: item.author,
      authorEn: item.authorEn,
      abstract: item.abstract,
      abstractEn: item.abstractEn,
      publishedYear: item.year,
      language: item.language,
      publisher: item.publisher ?? null,
      publisherEn: item.publisherEn ?? null,
      isbn: item.isbn12 ? isbn13(item.isbn12) : null,
      pages: item.pages,
      keywords: item.keywords,
      filePath,
      fileOriginalName: `${slug(item.titleEn)}.pdf`,
      fileMime: 'application/pdf',
      fileSize: sizes.get(filePath) ?? 0,
      image: `public/images/library/${item.id}.svg`,
      searchText: buildSearchText(
        item.title,
        item.titleEn,
        item.author,
        item.authorEn,
        item.abstract,
        item.abstractEn,
        item.keywords,
        university?.name,
        university?.nameEn,
        category?.name,
        category?.nameEn,
      ),
      createdAt: updated,
      updatedAt: updated,
    };
  });

  const authors = new Map(data.seedUsers.map((u) => [u.id, u]));
  const published = data.research.map((r) => {
    const updated = new Date(r.updated);
    const universityId = AUTHOR_UNIVERSITY[r.ownerId] ?? null;
    const university = universityId ? universityName.get(universityId) : undefined;
    const category = categoryName.get(r.categoryId);
    const author = authors.get(r.ownerId)?.name ?? null;
    const arabic = hasArabic(r.abstract);
    const filePath = `private/research/${r.id}.pdf`;
    return {
      id: RESEARCH_LIBRARY_ID_OFFSET + r.id,
      collection: 'university' as const,
      docType: researchDocType(r.researchType),
      researchId: r.id,
      categoryId: r.categoryId,
      universityId,
      title: r.title,
      titleEn: r.titleEn,
      author,
      authorEn: author,
      abstract: arabic ? r.abstract : r.description,
      abstractEn: arabic ? r.descriptionEn : r.abstract,
      publishedYear: updated.getUTCFullYear(),
      language: arabic ? ('ar' as const) : ('en' as const),
      publisher: null,
      publisherEn: null,
      isbn: null,
      pages: 1,
      keywords: [],
      filePath,
      fileOriginalName: `research-${r.id}.pdf`,
      fileMime: 'application/pdf',
      fileSize: sizes.get(filePath) ?? 0,
      image: `public/images/research/${r.id}.svg`,
      searchText: buildSearchText(
        r.title,
        r.titleEn,
        author,
        r.description,
        r.descriptionEn,
        r.abstract,
        university?.name,
        university?.nameEn,
        category?.name,
        category?.nameEn,
      ),
      createdAt: updated,
      updatedAt: updated,
    };
  });
  return { universities: universityRows, ebooks: [...books, ...published] };
}


// ------------------------------------------------------------------------------------ seed files
const COVER_COLORS: Array<[string, string]> = [
  ['#0f766e', '#134e4a'],
  ['#1e3a8a', '#172554'],
  ['#7c2d12', '#431407'],
  ['#4c1d95', '#2e1065'],
  ['#14532d', '#052e16'],
  ['#831843', '#500724'],
];

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

/** A book cover: coloured board, spine, a title block of lines and a band (no text: any language). */
function coverSvg(item: SeedLibraryItem): string {
  const [board, spine] = COVER_COLORS[item.id % COVER_COLORS.length]!;
  const lines = [0, 1, 2]
    .map((i) => `<rect x="70" y="${120 + i * 26}" width="${200 - i * 40}" height="12" rx="6" fill="#ffffff" fill-opacity="${0.9 - i * 0.2}"/>`)
    .join('');
  const band = item.collection === 'university' ? '#fbbf24' : '#5eead4';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="480" viewBox="0 0 340 480" role="img" aria-label="${escapeXml(item.titleEn)}">` +
    `<rect width="340" height="480" rx="10" fill="${board}"/>` +
    `<rect width="26" height="480" rx="6" fill="${spine}"/>` +
    `<rect x="50" y="60" width="250" height="4" fill="${band}"/>${lines}` +
    `<rect x="50" y="380" width="250" height="44" rx="6" fill="${band}" fill-opacity="0.9"/>` +
    `<circle cx="275" cy="250" r="38" fill="#ffffff" fill-opacity="0.12"/></svg>\n`
  );
}

/** A university crest with its initials (Latin letters only). */
function crestSvg(university: SeedUniversity): string {
  const [board] = COVER_COLORS[university.id % COVER_COLORS.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(university.nameEn)}">` +
    `<rect width="200" height="200" rx="24" fill="${board}"/>` +
    `<path d="M100 30 L160 55 V105 C160 140 132 163 100 172 C68 163 40 140 40 105 V55 Z" fill="#ffffff" fill-opacity="0.92"/>` +
    `<text x="100" y="118" text-anchor="middle" font-family="Georgia, serif" font-size="${university.initials.length > 3 ? 26 : 32}" font-weight="700" fill="${board}">${university.initials}</text></svg>\n`
  );
}

/** A small multi-page PDF 1.4 (Helvetica, Latin text): a title page and a summary page. */
export function bookPdf(item: SeedLibraryItem): string {
  const latin = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[^\x20-\x7e]/g, '');
  const pdfText = (text: string) => latin(text).replace(/[\\()]/g, (ch) => `\\${ch}`);
  const wrap = (text: string, width: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of latin(text).split(/\s+/)) {
      if ((line + ' ' + word).trim().length > width) {
        lines.push(line.trim());
        line = word;
      } else line = `${line} ${word}`;
    }
    if (line.trim()) lines.push(line.trim());
    return lines;
  };
  const university = item.universityId ? universities.find((u) => u.id === item.universityId)?.nameEn : undefined;
  const kind = { book: 'E-book', master_thesis: "Master's thesis", doctoral_thesis: 'Doctoral dissertation', research: 'Research paper' }[item.docType];
  const text = (lines: string[]) => lines.map((l) => `(${pdfText(l)}) Tj T*`).join('\n');
  const page1 = [
    'BT /F2 22 Tf 56 720 Td 28 TL',
    text(wrap(item.titleEn, 40)),
    '/F1 14 Tf 20 TL T*',
    text([item.authorEn, [kind, university, String(item.year)].filter(Boolean).join(' - ')]),
    'T* T*',
    text([item.language === 'ar' ? 'Written in Arabic. This sample edition carries the English summary.' : 'Written in English.']),
    'ET',
  ].join('\n');
  const page2 = [
    'BT /F2 16 Tf 56 770 Td 22 TL (Summary) Tj T*',
    '/F1 11 Tf 15 TL T*',
    text(wrap(item.abstractEn, 85)),
    'T* T*',
    text([`Keywords: ${item.keywords.map(latin).filter(Boolean).join(', ') || '-'}`, `Pages: ${item.pages}`]),
    'T*',
    '(Scholars Hub library - seed content for demonstration.) Tj',
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 8 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${Buffer.byteLength(page1, 'latin1')} >>\nstream\n${page1}\nendstream`,
    `<< /Length ${Buffer.byteLength(page2, 'latin1')} >>\nstream\n${page2}\nendstream`,
    `<< /Title (${pdfText(item.titleEn)}) /Author (${pdfText(item.authorEn)}) /Producer (Scholars Hub seed) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

/** The library's seed files: covers, crests and book PDFs. */
export function libraryAssets(): Array<{ path: string; content: string }> {
  return [
    ...universities.map((u) => ({ path: `public/images/universities/${u.id}.svg`, content: crestSvg(u) })),
    ...libraryItems.map((item) => ({ path: `public/images/library/${item.id}.svg`, content: coverSvg(item) })),
    ...libraryItems.map((item) => ({ path: `private/library/${item.id}.pdf`, content: bookPdf(item) })),
  ];
}
