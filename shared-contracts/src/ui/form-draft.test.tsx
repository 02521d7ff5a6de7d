import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFormDraft, formDraftKey, readFormDraft, useFormDraft, writeFormDraft } from './form-draft';
import { click, renderRootPerTest, typeInto } from '../testing/render-root';

afterEach(() => sessionStorage.clear());

const initial = { title: '', notes: 'prefilled', terms: false };

describe('form drafts', () => {
  it('keeps one draft per account and form; nothing typed is no draft', () => {
    const key = formDraftKey(5, 'conference-request:new');
    expect(key).not.toBe(formDraftKey(6, 'conference-request:new'));
    expect(key).not.toBe(formDraftKey(5, 'conference-request:7'));
    writeFormDraft(key, { ...initial, title: 'Mine' }, initial);
    expect(readFormDraft(key, initial)).toEqual({ ...initial, title: 'Mine' });
    expect(readFormDraft(formDraftKey(6, 'conference-request:new'), initial)).toBeNull();
    writeFormDraft(key, initial, initial);
    expect(sessionStorage.getItem(key)).toBeNull();
    writeFormDraft(key, { ...initial, terms: true }, initial);
    clearFormDraft(key);
    expect(readFormDraft(key, initial)).toBeNull();
  });

  it('reads only the fields the form has, of their kind; a corrupt draft is none', () => {
    const key = formDraftKey(5, 'f');
    sessionStorage.setItem(key, JSON.stringify({ title: 'Kept', stray: 'x', terms: 'yes', notes: 3 }));
    expect(readFormDraft(key, initial)).toEqual({ ...initial, title: 'Kept' });
    sessionStorage.setItem(key, '{not json');
    expect(readFormDraft(key, initial)).toBeNull();
  });

  it('keeps lists and rows too, compared by what they hold', () => {
    const form = { bio: '', fields: [] as number[], rows: [{ weekday: 0, start: '09:00' }], minutes: 60 };
    const key = formDraftKey(5, 'lists');
    writeFormDraft(key, { ...form, fields: [] as number[], rows: [{ weekday: 0, start: '09:00' }] }, form);
    expect(sessionStorage.getItem(key)).toBeNull();
    const typed = { ...form, fields: [3, 1], rows: [{ weekday: 2, start: '10:00' }], minutes: 45 };
    writeFormDraft(key, typed, form);
    expect(readFormDraft(key, form)).toEqual(typed);
    // A list where the form has a text (an older form) is not taken.
    sessionStorage.setItem(key, JSON.stringify({ bio: ['x'], fields: 'x', minutes: '45' }));
    expect(readFormDraft(key, form)).toBeNull();
  });

  describe('useFormDraft', () => {
    const { render, $ } = renderRootPerTest();
    function Form({ userId }: { userId: number }) {
      const draft = useFormDraft(formDraftKey(userId, 'f'), initial);
      return (
        <form>
          <input name="title" value={draft.values.title} onChange={(event) => draft.setValues((v) => ({ ...v, title: event.target.value }))} />
          {draft.restored ? <p data-testid="restored">restored</p> : null}
          <button type="button" onClick={draft.forget}>saved</button>
        </form>
      );
    }

    it('opens with what the same account typed before, never with another account\'s', async () => {
      await render(<Form key="first" userId={5} />);
      expect($('[data-testid="restored"]')).toBeNull();
      await typeInto($('input'), 'A long title');
      // The form goes (the session ended) and comes back for the same account.
      await render(<p>signed out</p>);
      await render(<Form key="again" userId={5} />);
      expect($<HTMLInputElement>('input')!.value).toBe('A long title');
      expect($('[data-testid="restored"]')).not.toBeNull();
      // Another account, in the same mounted form: its own (empty) draft.
      await render(<Form key="again" userId={6} />);
      expect($<HTMLInputElement>('input')!.value).toBe('');
      expect($('[data-testid="restored"]')).toBeNull();
      await typeInto($('input'), 'B typed');
      expect(readFormDraft(formDraftKey(5, 'f'), initial)?.title).toBe('A long title');
    });

    it('forgets the draft when the form gives way to a success panel in the same event', async () => {
      // As the research exchange's form does: its parent shows the success instead of it.
      function SendingForm({ onSent }: { onSent: () => void }) {
        const [, setProgress] = useState(0);
        const draft = useFormDraft(formDraftKey(5, 'f'), initial);
        return (
          <form>
            <input name="title" value={draft.values.title} onChange={(event) => draft.setValues((v) => ({ ...v, title: event.target.value }))} />
            <button type="button" onClick={() => { setProgress(1); draft.forget(); onSent(); }}>send</button>
          </form>
        );
      }
      function Host() {
        const [round, setRound] = useState(0);
        if (round === 1) return <button type="button" data-testid="again" onClick={() => setRound(2)}>again</button>;
        return round === 0 ? <SendingForm onSent={() => setRound(1)} /> : <Form userId={5} />;
      }
      await render(<Host />);
      await typeInto($('input'), 'Sent at once');
      await click($('form button'));
      expect(sessionStorage.getItem(formDraftKey(5, 'f'))).toBeNull();
      await click($('[data-testid="again"]'));
      expect($<HTMLInputElement>('input')!.value).toBe('');
    });

    it('forgets the draft once the form is saved', async () => {
      await render(<Form userId={5} />);
      await typeInto($('input'), 'Sent');
      await click($('button'));
      expect(sessionStorage.getItem(formDraftKey(5, 'f'))).toBeNull();
      expect($<HTMLInputElement>('input')!.value).toBe('Sent');
    });
  });
});
