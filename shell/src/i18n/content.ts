/** Long-form page texts of the shell (namespace `content`): about and the privacy and content policy. */
import type { TextTree } from '@scholars/shared-contracts';

const en = {
  about: {
    title: 'About us',
    lead: 'Scholars Hub is a bilingual home for master’s and doctoral students, researchers and academics in the UAE.',
    founderTitle: 'A message from our founder',
    founderMessage:
      'When I defended my own thesis, the hardest part was not the research but finding the right audience, the right reviewers and the right conference. Scholars Hub exists so that no researcher in our region works alone: here you can present your work, have it reviewed fairly and quickly, discuss it with peers and read what others have written, in Arabic and in English.',
    founderName: 'Dr. Mariam Al Mansoori, founder',
    missionTitle: 'Our mission',
    mission: 'To give every researcher in the UAE and the Arab world a fair, fast and bilingual path from idea to published, discussed work.',
    visionTitle: 'Our vision',
    vision: 'A connected Arab research community whose work is read, cited and built upon around the world.',
    objectivesTitle: 'Our objectives',
    objectives: {
      one: 'Organise academic conferences and events, online, on-site and hybrid, with peer-reviewed programmes.',
      two: 'Review submitted research within 2–3 weeks, with supervisors approving their students’ work.',
      three: 'Keep a live, respectful discussion around every approved research.',
      four: 'Open e-books and university libraries to students and researchers in both languages.',
      five: 'Offer academic consultation and a newsletter that keeps researchers informed.',
    },
  },
  privacy: {
    title: 'Privacy and content policy',
    updated: 'Applies to every use of the platform.',
    points: {
      law: { title: 'Compliance with UAE law and public opinion', body: 'Everything published on the platform must comply with the laws of the United Arab Emirates and respect public opinion and morals.' },
      responsibility: { title: 'Your responsibility for your content', body: 'You are responsible for the research, messages and files you publish, and for holding the rights to them.' },
      review: { title: 'Our right to review and remove', body: 'The platform may review any content and remove content that breaks this policy, and may suspend the accounts of repeat offenders.' },
      republishing: { title: 'No republishing without permission', body: 'Content on the platform may not be republished, copied or redistributed without the permission of its author and of the platform.' },
      harvesting: { title: 'No data harvesting', body: 'Collecting users’ data or content by automated means (scraping, crawling, bulk downloading) is forbidden.' },
      conduct: { title: 'Professional and honest behaviour', body: 'Users behave professionally and honestly: no plagiarism, impersonation, harassment or misleading information.' },
      disclaimer: { title: 'Disclaimers', body: 'The platform is not liable for misuse of its services by users, for technical failures, or for damage caused by cyberattacks beyond its reasonable control.' },
      acceptance: { title: 'Acceptance by use', body: 'By using the platform you accept this policy.' },
      amendments: { title: 'Amendments', body: 'Management may amend this policy at any time and will notify users of changes.' },
      data: { title: 'Your personal data', body: 'We keep your e-mail and phone private unless you choose to show them on your public profile, store passwords only as memory-hard hashes, and use your data only to run the services you use. Two preference cookies remember your language and theme so that pages open in them; they carry nothing else.' },
    },
  },
  team: {
    back: 'Back to the team',
    notFound: 'This team member could not be found.',
    links: 'Profiles',
  },
} as const;

// Typed against English: a missing or extra Arabic key is a type error.
const ar: TextTree<typeof en> = {
  about: {
    title: 'من نحن',
    lead: 'ملتقى الباحثين منصة ثنائية اللغة لطلبة الماجستير والدكتوراه والباحثين والأكاديميين في دولة الإمارات.',
    founderTitle: 'كلمة المؤسِّسة',
    founderMessage:
      'حين ناقشت أطروحتي، لم يكن البحث نفسه هو الأصعب، بل العثور على الجمهور المناسب والمحكّمين المناسبين والمؤتمر المناسب. وُجد ملتقى الباحثين كي لا يعمل أي باحث في منطقتنا وحيدًا: هنا تعرض عملك، ويُحكَّم بعدل وسرعة، وتناقشه مع زملائك، وتقرأ ما كتبه غيرك، بالعربية والإنجليزية.',
    founderName: 'د. مريم المنصوري، المؤسِّسة',
    missionTitle: 'رسالتنا',
    mission: 'أن نمنح كل باحث في الإمارات والعالم العربي طريقًا عادلًا وسريعًا وثنائي اللغة من الفكرة إلى عمل منشور ومُناقَش.',
    visionTitle: 'رؤيتنا',
    vision: 'مجتمع بحثي عربي مترابط يُقرأ عمله ويُستشهد به ويُبنى عليه في أنحاء العالم.',
    objectivesTitle: 'أهدافنا',
    objectives: {
      one: 'تنظيم المؤتمرات والفعاليات الأكاديمية عن بُعد وحضوريًا وبشكل مدمج، ببرامج محكّمة.',
      two: 'تحكيم الأبحاث المقدّمة خلال أسبوعين إلى ثلاثة أسابيع، مع اعتماد المشرفين لأعمال طلبتهم.',
      three: 'إتاحة نقاش مباشر ومحترم حول كل بحث معتمد.',
      four: 'فتح الكتب الإلكترونية ومكتبات الجامعات أمام الطلبة والباحثين باللغتين.',
      five: 'تقديم الاستشارات الأكاديمية ونشرة بريدية تُبقي الباحثين على اطلاع.',
    },
  },
  privacy: {
    title: 'سياسة الخصوصية والمحتوى',
    updated: 'تسري على كل استخدام للمنصة.',
    points: {
      law: { title: 'الالتزام بقوانين دولة الإمارات والرأي العام', body: 'يجب أن يلتزم كل ما يُنشر على المنصة بقوانين دولة الإمارات العربية المتحدة وأن يحترم الرأي العام والآداب العامة.' },
      responsibility: { title: 'مسؤوليتك عن المحتوى', body: 'أنت مسؤول عن الأبحاث والرسائل والملفات التي تنشرها، وعن امتلاكك لحقوقها.' },
      review: { title: 'حقنا في المراجعة والحذف', body: 'يحق للمنصة مراجعة أي محتوى وحذف ما يخالف هذه السياسة، وإيقاف حسابات من يكرر المخالفة.' },
      republishing: { title: 'حظر إعادة النشر دون إذن', body: 'لا يجوز إعادة نشر محتوى المنصة أو نسخه أو توزيعه دون إذن من صاحبه ومن المنصة.' },
      harvesting: { title: 'حظر جمع البيانات', body: 'يُحظر جمع بيانات المستخدمين أو محتواهم بوسائل آلية (الكشط أو الزحف أو التنزيل الجماعي).' },
      conduct: { title: 'السلوك المهني والأمانة', body: 'يلتزم المستخدمون بالسلوك المهني والأمانة: لا انتحال ولا سرقة علمية ولا مضايقة ولا معلومات مضللة.' },
      disclaimer: { title: 'إخلاء المسؤولية', body: 'لا تتحمل المنصة مسؤولية إساءة المستخدمين استخدام خدماتها، ولا الأعطال التقنية، ولا الأضرار الناتجة عن هجمات إلكترونية خارجة عن سيطرتها المعقولة.' },
      acceptance: { title: 'القبول بالاستخدام', body: 'باستخدامك المنصة فإنك توافق على هذه السياسة.' },
      amendments: { title: 'التعديلات', body: 'يحق للإدارة تعديل هذه السياسة في أي وقت، وستُبلغ المستخدمين بالتغييرات.' },
      data: { title: 'بياناتك الشخصية', body: 'نحافظ على خصوصية بريدك الإلكتروني وهاتفك ما لم تختر إظهارهما في ملفك العام، ونخزّن كلمات المرور بتجزئة مقاومة للهجمات فقط، ونستخدم بياناتك لتشغيل الخدمات التي تستخدمها فقط. ويحفظ ملفّا تعريف ارتباط لغتك والمظهر الذي اخترته لتُفتح الصفحات بهما، ولا يحملان شيئًا غير ذلك.' },
    },
  },
  team: {
    back: 'العودة إلى الفريق',
    notFound: 'تعذّر العثور على عضو الفريق هذا.',
    links: 'الحسابات',
  },
};

export const contentResources = { en, ar };
