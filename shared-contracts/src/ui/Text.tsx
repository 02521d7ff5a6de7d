import { createElement, type ComponentPropsWithoutRef, type ElementType } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, normalizeLocale, type Direction, type Locale } from '../i18n/core';
import { foreignLanguageOf } from '../i18n/text-language';

/**
 * `lang` and `dir` for a text shown inside the page (user content, a field that exists in one
 * language only): its own language and direction when it is not in the page's language, else
 * nothing (it inherits the page's). Spread them on the element that holds the text:
 * `<Link {...textLanguage}>`.
 */
export function useTextLanguage(value: string | null | undefined): { lang?: Locale; dir?: Direction } {
  const { i18n } = useTranslation();
  const own = foreignLanguageOf(value, normalizeLocale(i18n.resolvedLanguage ?? i18n.language));
  return own ? { lang: own, dir: directionOf(own) } : {};
}

type TextProps<T extends ElementType> = { value: string | null | undefined; as?: T } & Omit<ComponentPropsWithoutRef<T>, 'children' | 'lang' | 'dir' | 'value'>;

/**
 * A text in the element `as` (a `span` by default), marked with its own `lang` and `dir` when it
 * is in the other language than the page's (an Arabic-only abstract on an English page reads
 * right to left, with Arabic shaping and a screen reader's Arabic voice):
 * `<Text as="p" value={abstract} className="..." />`.
 */
export function Text<T extends ElementType = 'span'>({ value, as, ...rest }: TextProps<T>) {
  const language = useTextLanguage(value);
  return createElement(as ?? 'span', { ...rest, ...language }, value ?? '');
}

/** Stands for the value in the phrase while it is translated (a private-use character). */
const MARKER = '\uE000';

/**
 * A translated phrase around a value (`By {{author}}`) where the value alone keeps its own
 * language and direction: `<Phrase text={(author) => t('card.by', { author })} value={item.author} />`.
 */
export function Phrase({ text, value }: { text: (marker: string) => string; value: string }) {
  const [before = '', after = ''] = text(MARKER).split(MARKER);
  return (
    <>
      {before}
      <Text value={value} />
      {after}
    </>
  );
}
