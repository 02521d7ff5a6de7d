/**
 * The initials every avatar without a picture shows, one owner for the apps (account's avatar,
 * the community's participants).
 */

/**
 * Titles before a name, dots left out: skipped ("د. خالد النعيمي" is خ ن). A literal, not a Set
 * built at load: an app that imports anything of the ui entry but not this keeps none of it.
 */
const TITLE =
  /^(د|أ|ا|م|أد|اد|(ال)?(دكتورة?|[أا]ستاذة?|بروفيسور|مهندسة?)|ال(شيخة?|سيدة?)|dr|prof|mr|mrs|ms|miss|mx|eng|sir|sheikha?)$/i;

/** A word's initial: its first letter, the one after Arabic's article "ال" (or a Latin "al-"/"el-"). */
function initialOf(word: string): string {
  const bare = /^(ال|al-|el-)(?=\p{L})/iu.test(word) ? word.replace(/^(ال|al-|el-)/iu, '') : word;
  return /\p{L}/u.exec(bare)?.[0]?.toUpperCase() ?? '';
}

/**
 * The initials of `name`: of its first and last words (`count` 1: the first only), after any
 * leading titles ("Dr", "Prof.", "أ.د."). Arabic initials are kept apart by a narrow no-break space
 * (U+202F): side by side they would join or read as a word ("مريم الاختبار" gives "م ا", not "ما").
 * '' for a name without letters.
 */
export function initials(name: string, count: 1 | 2 = 2): string {
  const words = name.split(/[\s.]+/).filter((word) => /\p{L}/u.test(word));
  while (words.length > 1 && TITLE.test(words[0]!)) words.shift();
  const picked = (count === 1 || words.length < 2 ? words.slice(0, 1) : [words[0]!, words[words.length - 1]!]).map(initialOf).filter(Boolean);
  return picked.join(picked.some((letter) => /\p{Script=Arabic}/u.test(letter)) ? '\u202F' : '');
}
