export { foldText, normalizeSearchText, searchTerms, MAX_SEARCH_TERMS, SQL_LETTER_FOLDS } from './fold';
export { highlightSegments, highlightTerms, type HighlightSegment } from './highlight';
