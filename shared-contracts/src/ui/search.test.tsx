/** The searched lists' shared pieces: the marked words and the sort kept in the URL (issue 24). */
import { describe, expect, it } from 'vitest';
import { Highlighted, listSort, sortChange, SORT_RESET } from './search';
import { renderRootPerTest } from '../testing/render-root';

const view = renderRootPerTest();

async function render(node: React.ReactNode) {
  await view.render(node);
  return view.container;
}

describe('Highlighted', () => {
  it('marks the words as the search folds them, the text unchanged', async () => {
    const host = await render(<Highlighted text="الإدارةُ المستدامة للمياه" search="اداره مياه" />);
    expect(host.textContent).toBe('الإدارةُ المستدامة للمياه');
    expect([...host.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['إدارةُ', 'مياه']);
  });

  it('shows the text alone without a search', async () => {
    const host = await render(<Highlighted text="Water management" search="" />);
    expect(host.innerHTML).toBe('Water management');
  });
});

describe('listSort / sortChange', () => {
  const sorts = ['updated', 'title'] as const;
  const sortOf = (query: string, term: string) => listSort(new URLSearchParams(query), term, sorts, 'updated');

  it('is best match while a term is searched, unless another sort was chosen with it', () => {
    expect(sortOf('', 'ai')).toBe('relevance');
    expect(sortOf('sort=title', 'ai')).toBe('relevance');
    expect(sortOf('qsort=title', 'ai')).toBe('title');
    expect(sortOf('qsort=bogus', 'ai')).toBe('relevance');
  });

  it('without a term is the sort chosen before (or the default)', () => {
    expect(sortOf('sort=title&qsort=updated', '')).toBe('title');
    expect(sortOf('', '')).toBe('updated');
  });

  it('writes the choice where it belongs, and a new term forgets the one chosen with the old', () => {
    expect(sortChange('ai', 'title', 'updated')).toEqual({ qsort: 'title' });
    expect(sortChange('ai', 'relevance', 'updated')).toEqual({ qsort: null });
    expect(sortChange('', 'title', 'updated')).toEqual({ sort: 'title' });
    expect(sortChange('', 'updated', 'updated')).toEqual({ sort: null });
    expect(SORT_RESET).toEqual({ qsort: null });
  });
});
